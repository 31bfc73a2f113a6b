"use client";

import { PaymentReferenceDialog } from "@/components/admin/payment-reference-dialog";
import { markStatementPaidAction } from "@/lib/money/actions/admin-billing";
import { markStatementPaidSchema } from "@/lib/money/schemas/billing";

/** Mark one client's monthly statement paid, with the payment's reference (e.g. the wire or ACH number). */
export function MarkStatementPaidDialog({
  organizationId,
  clientName,
  month,
  amount,
}: {
  organizationId: string;
  clientName: string;
  month: string;
  amount: string;
}) {
  const input = (reference: string) => ({ organizationId, month, reference });
  return (
    <PaymentReferenceDialog
      triggerLabel={`Mark ${clientName}'s ${month} statement paid`}
      triggerText="Mark paid"
      title={`Mark the ${month} statement paid`}
      description={`${clientName} paid ${amount}. This moves the amount from what they owe to paid in the ledger (at most what they still owe). Marking it again changes nothing.`}
      submitText="Mark paid"
      success={`Statement ${month} marked paid`}
      check={(reference) => {
        const parsed = markStatementPaidSchema.safeParse(input(reference));
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Enter the payment's reference");
      }}
      submit={(reference) => markStatementPaidAction(input(reference))}
    />
  );
}
