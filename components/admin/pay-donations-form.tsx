"use client";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useZodForm } from "@/components/ui/use-zod-form";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { payDonationsAction } from "@/lib/money/actions/incentives";
import { payDonationsSchema } from "@/lib/money/schemas/incentives";
import { formatMoney } from "@/lib/platform/format";

/**
 * One district's donations of one month, paid: to the recorded payee (prefilled) or a named school
 * fund, with the payment's reference. The server pays each district and month once.
 */
export function PayDonationsForm({
  leaid,
  month,
  districtName,
  payeeName,
  cents,
}: {
  leaid: string;
  month: string;
  districtName: string;
  payeeName: string;
  cents: number;
}) {
  const { pending, run } = useActionRunner();
  const { fields, formProps, announcement, refuse } = useZodForm({
    schema: payDonationsSchema,
    id: `pay-donations-${leaid}-${month}`,
    onValid: (value) =>
      run(
        () => payDonationsAction(value),
        (r) => (r.replayed ? "These donations were already paid" : `${formatMoney(r.cents)} paid to ${value.payeeName}`),
        (ok, result) => {
          if (!ok && !result.ok) refuse(result);
        },
        ["payeeName", "schoolFund", "reference"],
      ),
  });
  return (
    <form {...formProps} className="grid gap-3 sm:grid-cols-3" aria-label={`Pay ${districtName}'s donations for ${month}`}>
      <input type="hidden" name="leaid" value={leaid} />
      <input type="hidden" name="month" value={month} />
      <Field id={fields.payeeName.id} label="Payee" error={fields.payeeName.errors} required>
        <Input key={fields.payeeName.key} id={fields.payeeName.id} name={fields.payeeName.name} defaultValue={payeeName} />
      </Field>
      <Field id={fields.schoolFund.id} label="School fund (optional)" error={fields.schoolFund.errors}>
        <Input key={fields.schoolFund.key} id={fields.schoolFund.id} name={fields.schoolFund.name} />
      </Field>
      <Field id={fields.reference.id} label="Payment reference" error={fields.reference.errors} required>
        <Input key={fields.reference.key} id={fields.reference.id} name={fields.reference.name} />
      </Field>
      {announcement}
      <div className="sm:col-span-3">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? <Spinner label="Paying…" /> : null}
          Pay {formatMoney(cents)}
        </Button>
      </div>
    </form>
  );
}
