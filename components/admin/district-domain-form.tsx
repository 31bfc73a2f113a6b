"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { announceRefusal } from "@/components/ui/refusal";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/accounts/action";
import type { DistrictDomainInput } from "@/lib/experts/schemas/work-email";

type Props = {
  /** The expert review page the form sits on, if any (it refreshes). */
  expertId?: string;
  domain: string;
  organizationName: string | null;
  state: string | null;
  action: (input: DistrictDomainInput) => Promise<ActionResult<{ domain: string; districtName: string; state: string; granted: number }>>;
  /** Called after the domain was accepted (the review list refreshes). */
  onAccepted?: () => void;
};

/** "Accept <domain> as <district name>, <state>": adds the domain to the district list. */
export function DistrictDomainForm({ expertId, domain, organizationName, state, action, onAccepted }: Props) {
  const id = useId();
  const [districtName, setDistrictName] = useState(organizationName ?? "");
  const [st, setSt] = useState(state ?? "");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    const res = await action({ expertId, domain, districtName, state: st });
    setSaving(false);
    if (!res.ok) {
      announceRefusal(res, "Domain not added", ["domain", "districtName", "state"], setErrors);
      return;
    }
    setErrors({});
    const granted = !res.data.granted
      ? ""
      : res.data.granted === 1
        ? " 1 expert confirmed on it now shows the badge."
        : ` ${res.data.granted} experts confirmed on it now show the badge.`;
    toast.success("District domain added", { description: `${res.data.domain} is ${res.data.districtName}, ${res.data.state}.${granted}` });
    onAccepted?.();
  }

  const err = (key: string) => (errors[key] ? `${id}-${key}-error` : undefined);
  return (
    <form noValidate onSubmit={submit} className="space-y-3 rounded-lg border p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-medium">
        Accept {domain} as a district domain
      </h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_6rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-name`}>District name</Label>
          <Input
            id={`${id}-name`}
            value={districtName}
            onChange={(e) => setDistrictName(e.target.value)}
            aria-invalid={Boolean(errors.districtName)}
            aria-describedby={err("districtName")}
          />
          <FieldError id={`${id}-districtName-error`}>{errors.districtName?.[0]}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-state`}>State</Label>
          <Input
            id={`${id}-state`}
            value={st}
            maxLength={2}
            autoCapitalize="characters"
            onChange={(e) => setSt(e.target.value)}
            aria-invalid={Boolean(errors.state)}
            aria-describedby={err("state")}
          />
          <FieldError id={`${id}-state-error`}>{errors.state?.[0]}</FieldError>
        </div>
      </div>
      <FieldError id={`${id}-domain-error`}>{errors.domain?.[0]}</FieldError>
      <Button type="submit" disabled={saving} aria-busy={saving}>
        {saving ? "Adding…" : `Accept ${domain} as ${districtName || "…"}${st ? `, ${st.toUpperCase()}` : ""}`}
      </Button>
    </form>
  );
}
