"use client";

import { useEffect, useId, useState, useTransition } from "react";
import { toast } from "sonner";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { conflictDeclarationsSchema, MAX_DECLARED_RELATIONSHIPS, PURCHASE_INFLUENCE_OPTIONS } from "@/lib/validation/conflicts";
import { NativeSelect } from "@/components/ui/native-select";
import { fieldErrorsOf } from "@/lib/validation/issues";
import { getConflictDeclarationsAction, saveConflictDeclarationsAction } from "@/app/dashboard/actions";

export type Declarations = { employerName: string | null; employerDomain: string | null; purchaseInfluence: "low" | "medium" | "high" | null; relationships: { name: string; domain: string | null }[] };
type Row = { key: number; name: string; domain: string };

/**
 * Conflict-of-interest declarations (issue 17 §2): the expert's employer and the vendors or
 * products they have a financial relationship with. Clients from a matching organisation must
 * confirm before inviting, and both sides see the match. Saved on its own (replace-all); it has
 * no <form> of its own so it can sit inside onboarding's preferences step.
 */
export function ConflictDeclarationsForm({ initial, headingLevel = 3 }: { initial?: Declarations | null; headingLevel?: 2 | 3 }) {
  const base = useId();
  const [loaded, setLoaded] = useState<Declarations | null>(initial ?? null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [employerName, setEmployerName] = useState(initial?.employerName ?? "");
  const [employerDomain, setEmployerDomain] = useState(initial?.employerDomain ?? "");
  const [purchaseInfluence, setPurchaseInfluence] = useState<string>(initial?.purchaseInfluence ?? "");
  const [rows, setRows] = useState<Row[]>(() => (initial?.relationships ?? []).map((r, i) => ({ key: i, name: r.name, domain: r.domain ?? "" })));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, startTransition] = useTransition();
  const Heading = headingLevel === 2 ? "h2" : "h3";

  useEffect(() => {
    if (initial !== undefined) return;
    let live = true;
    void getConflictDeclarationsAction({}).then((res) => {
      if (!live) return;
      if (!res.ok) return setLoadError(res.message);
      setLoaded(res.data);
      setEmployerName(res.data.employerName ?? "");
      setEmployerDomain(res.data.employerDomain ?? "");
      setPurchaseInfluence(res.data.purchaseInfluence ?? "");
      setRows(res.data.relationships.map((r, i) => ({ key: i, name: r.name, domain: r.domain ?? "" })));
    });
    return () => {
      live = false;
    };
  }, [initial]);

  const save = () => {
    const input = { employerName, employerDomain, purchaseInfluence: (purchaseInfluence || null) as Declarations["purchaseInfluence"], relationships: rows.filter((r) => r.name.trim() || r.domain.trim()).map((r) => ({ name: r.name, domain: r.domain })) };
    const parsed = conflictDeclarationsSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    startTransition(async () => {
      const res = await saveConflictDeclarationsAction(input);
      if (!res.ok) {
        setErrors(res.fieldErrors ?? {});
        toast.error("Declarations Not Saved", { description: res.message });
        return;
      }
      setLoaded(res.data);
      toast.success("Declarations Saved", { description: "Clients from these organisations will be asked to confirm before inviting you." });
    });
  };

  const id = (f: string) => `${base}-${f}`;
  const err = (f: string) => errors[f]?.[0];
  const describe = (f: string) => (err(f) ? `${id(f)}-error` : undefined);

  return (
    <section
      aria-labelledby={id("title")}
      className="space-y-4 rounded-md border border-border p-4"
      data-testid="conflict-declarations"
      onKeyDown={(e) => {
        // Enter saves the declarations, not the surrounding step.
        if (e.key === "Enter" && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          save();
        }
      }}
    >
      <div>
        <Heading id={id("title")} className="text-sm font-medium">Conflicts of interest</Heading>
        <p className="text-xs text-muted-foreground">
          Declare your employer and any vendor or product you have a financial relationship with. A client from one of these organisations must confirm before inviting you,
          and both of you see the relationship.
        </p>
      </div>
      {loadError && <p role="alert" className="text-sm text-destructive">{loadError}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={id("employerName")}>Employer (district or school)</Label>
          <Input id={id("employerName")} value={employerName} onChange={(e) => setEmployerName(e.target.value)} maxLength={200} aria-invalid={Boolean(err("employerName"))} aria-describedby={describe("employerName")} />
          <FieldError id={`${id("employerName")}-error`}>{err("employerName")}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id("employerDomain")}>Employer&apos;s web domain (optional)</Label>
          <Input id={id("employerDomain")} value={employerDomain} onChange={(e) => setEmployerDomain(e.target.value)} placeholder="springfield.k12.il.us" aria-invalid={Boolean(err("employerDomain"))} aria-describedby={describe("employerDomain")} />
          <FieldError id={`${id("employerDomain")}-error`}>{err("employerDomain")}</FieldError>
        </div>
      </div>
      <div className="grid gap-1.5 sm:max-w-sm">
        <Label htmlFor={id("purchaseInfluence")}>Do you take part in purchasing decisions?</Label>
        <NativeSelect id={id("purchaseInfluence")} value={purchaseInfluence} onChange={(e) => setPurchaseInfluence(e.target.value)} aria-invalid={Boolean(err("purchaseInfluence"))} aria-describedby={describe("purchaseInfluence")}>
          <option value="">Not answered</option>
          {PURCHASE_INFLUENCE_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </NativeSelect>
        <FieldError id={`${id("purchaseInfluence")}-error`}>{err("purchaseInfluence")}</FieldError>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Vendors or products you have a financial relationship with</legend>
        {rows.length === 0 && <p className="text-xs text-muted-foreground">None declared.</p>}
        {rows.map((r, i) => (
          <div key={r.key} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <div className="grid gap-1">
              <Label htmlFor={id(`name-${r.key}`)} className="sr-only">Vendor or product {i + 1}</Label>
              <Input
                id={id(`name-${r.key}`)}
                placeholder="Vendor or product"
                value={r.name}
                maxLength={120}
                onChange={(e) => setRows((all) => all.map((x) => (x.key === r.key ? { ...x, name: e.target.value } : x)))}
                aria-invalid={Boolean(err(`relationships.${i}.name`))}
                aria-describedby={describe(`relationships.${i}.name`)}
              />
              <FieldError id={`${id(`relationships.${i}.name`)}-error`}>{err(`relationships.${i}.name`)}</FieldError>
            </div>
            <div className="grid gap-1">
              <Label htmlFor={id(`domain-${r.key}`)} className="sr-only">Vendor or product {i + 1} web domain (optional)</Label>
              <Input
                id={id(`domain-${r.key}`)}
                placeholder="Web domain (optional)"
                value={r.domain}
                onChange={(e) => setRows((all) => all.map((x) => (x.key === r.key ? { ...x, domain: e.target.value } : x)))}
                aria-invalid={Boolean(err(`relationships.${i}.domain`))}
                aria-describedby={describe(`relationships.${i}.domain`)}
              />
              <FieldError id={`${id(`relationships.${i}.domain`)}-error`}>{err(`relationships.${i}.domain`)}</FieldError>
            </div>
            <Button type="button" variant="ghost" size="sm" onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}>
              <Trash2 aria-hidden="true" />
              <span className="sr-only">Remove vendor or product {i + 1}</span>
            </Button>
          </div>
        ))}
        <FieldError id={`${id("relationships")}-error`}>{err("relationships")}</FieldError>
        {rows.length < MAX_DECLARED_RELATIONSHIPS && (
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setRows((all) => [...all, { key: Math.max(-1, ...all.map((x) => x.key)) + 1, name: "", domain: "" }])}>
              <Plus aria-hidden="true" /> Add Vendor or Product
            </Button>
          </div>
        )}
      </fieldset>
      <div className="flex items-center gap-3">
        <Button type="button" onClick={save} disabled={pending || (initial === undefined && !loaded && !loadError)} aria-busy={pending}>
          {pending && <Spinner />} Save Declarations
        </Button>
      </div>
    </section>
  );
}
