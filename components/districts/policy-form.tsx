"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { saveDistrictPolicyAction } from "@/lib/districts/actions/research-policies";
import { DOCUMENT_LABELS, type PolicyFacts } from "@/lib/districts/research-policy-words";
import { giftLimitDollarsSchema, POLICY_DOCUMENTS } from "@/lib/districts/schemas/research-policy";

const firstUpper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The district's research policy: the admin's and the district officer's form. */
export function PolicyForm({ leaid, policy, today }: { leaid: string; policy: PolicyFacts | null; today: string }) {
  const id = useId();
  const [required, setRequired] = useState(policy?.approvalRequired ?? "unknown");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (name: string) => String(f.get(name) ?? "");
    const days = text("typicalReviewDays");
    const gift = giftLimitDollarsSchema.safeParse(text("giftLimit"));
    if (!gift.success) {
      setErrors({ giftLimit: [gift.error.issues[0].message] });
      setMessage(null);
      return;
    }
    setSaving(true);
    const res = await saveDistrictPolicyAction({
      leaid,
      policy: {
        approvalRequired: required,
        scope: required === "yes" ? (text("scope") as "all_staff_research" | "school_hours_or_devices") : null,
        officeName: text("officeName"),
        officeEmail: text("officeEmail"),
        officePhone: text("officePhone"),
        officeUrl: text("officeUrl"),
        typicalReviewDays: days === "" ? null : Number(days),
        documents: f.getAll("documents").map(String) as (typeof POLICY_DOCUMENTS)[number][],
        giftLimitCents: gift.data,
        source: text("source"),
        sourceDate: text("sourceDate"),
      },
    });
    setSaving(false);
    if (!res.ok) {
      setErrors(Object.fromEntries(Object.entries(res.fieldErrors ?? {}).map(([k, v]) => [k.replace(/^policy\./, ""), v])));
      setMessage(res.message);
      return;
    }
    setErrors({});
    setMessage(null);
    toast.success("Research policy saved");
  }

  const err = (name: string) => errors[name]?.[0];
  const field = (name: string) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": err(name) ? true : undefined,
    "aria-describedby": `${id}-${name}-error`,
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-approvalRequired`}>Approval required</Label>
          <NativeSelect {...field("approvalRequired")} value={required} onChange={(e) => setRequired(e.target.value as typeof required)}>
            <option value="yes">Yes</option>
            <option value="no">No</option>
            <option value="unknown">Unknown</option>
          </NativeSelect>
        </div>
        {required === "yes" ? (
          <div className="space-y-1">
            <Label htmlFor={`${id}-scope`}>Which studies need it</Label>
            <NativeSelect {...field("scope")} defaultValue={policy?.scope ?? "all_staff_research"}>
              <option value="all_staff_research">All research with staff</option>
              <option value="school_hours_or_devices">Only during school hours or on district devices</option>
            </NativeSelect>
          </div>
        ) : null}
        <TextField label="Office name" name="officeName" value={policy?.officeName} field={field} err={err} />
        <TextField label="Office e-mail" name="officeEmail" type="email" value={policy?.officeEmail} field={field} err={err} />
        <TextField label="Office phone" name="officePhone" type="tel" value={policy?.officePhone} field={field} err={err} />
        <TextField label="Office web page" name="officeUrl" type="url" value={policy?.officeUrl} field={field} err={err} />
        <TextField
          label="Typical review time (days)"
          name="typicalReviewDays"
          type="number"
          value={policy?.typicalReviewDays?.toString()}
          field={field}
          err={err}
        />
        <TextField
          label="Annual gift or honorarium limit for staff ($, blank if none)"
          name="giftLimit"
          type="number"
          value={policy?.giftLimitCents == null ? null : (policy.giftLimitCents / 100).toString()}
          field={field}
          err={(n) => err(n) ?? err("giftLimitCents")}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Documents the office asks for</legend>
        {POLICY_DOCUMENTS.map((d) => (
          <label key={d} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="documents" value={d} defaultChecked={policy?.documents.includes(d)} className="size-4" />
            {firstUpper(DOCUMENT_LABELS[d])}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Source (where the policy was read)" name="source" value={policy?.source} field={field} err={err} />
        <TextField label="Date read" name="sourceDate" type="date" value={policy?.sourceDate ?? today} field={field} err={err} />
      </div>
      {message ? (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <Button type="submit" disabled={saving}>
        {saving ? "Saving…" : "Save policy"}
      </Button>
    </form>
  );
}

type FieldProps = (name: string) => { id: string; name: string; "aria-invalid"?: boolean; "aria-describedby": string };

function TextField(props: {
  label: string;
  name: string;
  type?: string;
  value?: string | null;
  field: FieldProps;
  err: (n: string) => string | undefined;
}) {
  const f = props.field(props.name);
  return (
    <div className="space-y-1">
      <Label htmlFor={f.id}>{props.label}</Label>
      <Input {...f} type={props.type ?? "text"} defaultValue={props.value ?? ""} />
      <FieldError id={f["aria-describedby"]}>{props.err(props.name)}</FieldError>
    </div>
  );
}
