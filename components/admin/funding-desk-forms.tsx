"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { FieldError } from "@/components/ui/field-error";
import { PaymentReferenceDialog } from "@/components/admin/payment-reference-dialog";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { recordFundingPaymentAction, setCreditLimitAction } from "@/lib/money/actions/funding";
import { recordFundingPaymentSchema, setCreditLimitSchema } from "@/lib/money/schemas/funding";

/** Record a funding invoice's payment with its reference (the wire or ACH number): the funds reach the organization's balance. */
export function RecordFundingPaymentDialog({
  invoiceId,
  number,
  organization,
  amount,
}: {
  invoiceId: string;
  number: string;
  organization: string;
  amount: string;
}) {
  return (
    <PaymentReferenceDialog
      triggerLabel={`Record payment of invoice ${number}`}
      triggerText="Record payment"
      title={`Record the payment of ${number}`}
      description={`${organization} paid ${amount}. This adds ${amount} to their funds in one ledger transaction. Recording it again adds nothing.`}
      submitText="Record payment"
      success={`${number} recorded as paid`}
      check={(reference) => {
        const parsed = recordFundingPaymentSchema.safeParse({ invoiceId, reference });
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Enter the payment's reference");
      }}
      submit={(reference) => recordFundingPaymentAction({ invoiceId, reference })}
    />
  );
}

/** One organization's credit limit in dollars (0: prepaid only). */
export function CreditLimitForm({
  organizationId,
  organization,
  currentCents,
}: {
  organizationId: string;
  organization: string;
  currentCents: number;
}) {
  const { pending, run } = useActionRunner();
  const [value, setValue] = useState(String(currentCents / 100));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      className="flex flex-wrap items-start gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = setCreditLimitSchema.safeParse({ organizationId, creditLimit: value });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? "Enter a credit limit");
          return;
        }
        setError(null);
        run(
          () => setCreditLimitAction({ organizationId, creditLimit: value }),
          `${organization}'s credit limit saved`,
          (ok, result) => {
            if (!result.ok) setError(result.fieldErrors?.creditLimit?.[0] ?? null);
            else if (ok) setError(null);
          },
          ["creditLimit"],
        );
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-limit`} className="sr-only">
          Credit limit for {organization} (USD)
        </Label>
        <Input
          id={`${id}-limit`}
          className="w-32"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-limit-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <FieldError id={`${id}-limit-error`}>{error}</FieldError>
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={pending} aria-label={`Save ${organization}'s credit limit`}>
        {pending && <Spinner />} Save
      </Button>
    </form>
  );
}
