"use client";

import { DONATION_TAX_NOTE } from "@/lib/money/donation-words";
import { useState, useTransition } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { toast } from "sonner";
import { saveTaxFormAction } from "@/lib/money/actions/payments";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldError } from "@/components/ui/field-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { useReauth } from "@/components/settings/reauth-dialog";
import { useFormErrors } from "@/components/ui/use-form-errors";
import { formatDateIn } from "@/lib/platform/format";
import { labelOf, type Option } from "@/lib/vocabulary/options";
import { US_STATES } from "@/lib/vocabulary/places";
import { TAX_CLASSIFICATIONS, TIN_TYPES } from "@/lib/vocabulary/tax";
import type { TaxFormInput } from "@/lib/money/schemas/tax";
import { W9_ANCHOR } from "@/lib/money/tax";

export type TaxFormSummaryView = {
  legalName: string;
  classification: string;
  tinType: string;
  tinLast4: string;
  signedAt: Date | string;
} | null;

type Field = {
  name: keyof TaxFormInput;
  label: string;
  options?: readonly Option[];
  autoComplete?: string;
  optional?: boolean;
  hint?: string;
};

const FIELDS: Field[] = [
  { name: "legalName", label: "Legal name (as shown on your tax return)", autoComplete: "name" },
  { name: "businessName", label: "Business name", optional: true, hint: "Only if different from your legal name." },
  { name: "classification", label: "Federal tax classification", options: TAX_CLASSIFICATIONS },
  { name: "addressLine1", label: "Address", autoComplete: "address-line1" },
  { name: "addressLine2", label: "Address line 2", autoComplete: "address-line2", optional: true },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "state", label: "State", options: US_STATES, autoComplete: "address-level1" },
  { name: "zipCode", label: "ZIP code", autoComplete: "postal-code" },
  { name: "tinType", label: "Taxpayer identification number type", options: TIN_TYPES },
  { name: "tin", label: "SSN or EIN (9 digits)", autoComplete: "off", hint: "Stored encrypted; we only ever show its last 4 digits." },
];

const FIELD_NAMES = FIELDS.map((f) => f.name);

/** The "Tax information (W-9)" card on /payments: what is on file (last 4 only) and the form in a dialog. */
export function TaxFormCard({ summary, timeZone }: { summary: TaxFormSummaryView; timeZone: string }) {
  const router = useRouter();
  const { form, errors, message, show, clear, announcement } = useFormErrors(FIELD_NAMES);
  const [chosen, setOpen] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const [, startTransition] = useTransition();
  const { withReauth, dialog } = useReauth();

  // Arriving from the dashboard's refused cash out (W9_LINK) opens the form until the person closes it.
  const asked = useSearchParams().get(W9_ANCHOR) === "open";
  const open = chosen ?? (asked && !summary);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: keyof TaxFormInput) => String(data.get(name) ?? "");
    setPending(true);
    const input = Object.fromEntries(FIELDS.map((f) => [f.name, value(f.name)])) as TaxFormInput;
    const result = await withReauth(() => saveTaxFormAction(input));
    setPending(false);
    if (!result.ok) return show(result);
    clear();
    setOpen(false);
    toast.success("W-9 saved", { description: `Your taxpayer number ending in ${result.data.tinLast4} is on file.` });
    startTransition(() => router.refresh());
  }

  return (
    <Card id={W9_ANCHOR} className="scroll-mt-24">
      {dialog}
      <CardHeader>
        <CardTitle as="h2">Tax information (W-9)</CardTitle>
        <CardDescription>
          U.S. tax rules need your W-9 before a cash out that brings your payouts for the year to the 1099-NEC threshold.
        </CardDescription>
        <p className="text-sm" data-testid="donation-tax-note">
          {DONATION_TAX_NOTE}
        </p>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {summary ? (
          <p data-testid="w9-summary">
            On file: <strong>{summary.legalName}</strong>, {labelOf(TAX_CLASSIFICATIONS, summary.classification)}, {summary.tinType} ending
            in <strong>{summary.tinLast4}</strong>, signed {formatDateIn(summary.signedAt, timeZone)}.
          </p>
        ) : (
          <p>No W-9 on file yet.</p>
        )}
        <Button type="button" variant={summary ? "outline" : "default"} onClick={() => setOpen(true)}>
          {summary ? "Update W-9" : "Complete your W-9"}
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>W-9: Request for Taxpayer Identification Number</DialogTitle>
            <DialogDescription>We use it only for the 1099-NEC we file for you. Your SSN or EIN is encrypted.</DialogDescription>
          </DialogHeader>
          <form ref={form} onSubmit={onSubmit} noValidate className="space-y-4" aria-label="W-9">
            {announcement}
            {message && (
              <Alert variant="destructive">
                <AlertDescription>{message}</AlertDescription>
              </Alert>
            )}
            {FIELDS.map((f) => {
              const id = `w9-${f.name}`;
              const error = errors[f.name]?.[0];
              const describedBy = [f.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
              const common = {
                id,
                name: f.name,
                "aria-invalid": Boolean(error),
                "aria-describedby": describedBy,
                autoComplete: f.autoComplete,
                required: !f.optional,
              };
              return (
                <div key={f.name} className="space-y-2">
                  <Label htmlFor={id}>
                    {f.label}
                    {f.optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
                  </Label>
                  {f.options ? (
                    <NativeSelect {...common} defaultValue="">
                      <option value="" disabled>
                        Select…
                      </option>
                      {f.options.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </NativeSelect>
                  ) : (
                    <Input {...common} inputMode={f.name === "tin" || f.name === "zipCode" ? "numeric" : undefined} />
                  )}
                  {f.hint && (
                    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                      {f.hint}
                    </p>
                  )}
                  <FieldError id={`${id}-error`}>{error}</FieldError>
                </div>
              );
            })}
            <p className="text-xs text-muted-foreground">
              By signing you certify, under penalties of perjury, that the number above is your correct taxpayer identification number, that
              you are not subject to backup withholding, and that you are a U.S. person.
            </p>
            <DialogFooter>
              <Button type="submit" disabled={pending} aria-busy={pending}>
                {pending ? "Saving…" : "Sign and save W-9"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
