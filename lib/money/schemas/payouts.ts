import { z } from "../../platform/validation/zod";

// The admin payout desk (/admin/payouts): its dialogs, actions and the export route handler.

export const PAYOUT_REFERENCE_MAX = 200;
export const PAYOUT_REASON_MAX = 500;
/** One batch file at most; a bigger queue is exported in several. */
export const PAYOUT_EXPORT_MAX = 500;

const payoutId = z.uuid({ error: "Payout id must be a UUID" });
/** Printable text on one line: a reference or a reason is shown in mails and the expert's history. */
const oneLine = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(min, min === 1 ? `${label} is required.` : `${label} must be at least ${min} characters.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), `${label} must be plain text on one line.`);

export const markPayoutPaidSchema = z.object({ payoutId, reference: oneLine("Reference", 1, PAYOUT_REFERENCE_MAX) });
export const markPayoutFailedSchema = z.object({ payoutId, reason: oneLine("Reason", 5, PAYOUT_REASON_MAX) });
export const sendPayoutSchema = z.object({ payoutId });
export const exportPayoutsSchema = z
  .object({
    payoutIds: z
      .array(payoutId, { error: "payoutIds must be a list of payout ids" })
      .min(1, "Select at least one payout to export.")
      .max(PAYOUT_EXPORT_MAX, `Export at most ${PAYOUT_EXPORT_MAX} payouts at once.`),
    /** Only for payouts already exported: why their details must leave again (kept in the audit and the file). */
    reexportReason: oneLine("Re-export reason", 10, PAYOUT_REASON_MAX).optional(),
  })
  .strict();

export type ExportPayoutsInput = z.infer<typeof exportPayoutsSchema>;
export type MarkPayoutPaidInput = z.infer<typeof markPayoutPaidSchema>;
export type MarkPayoutFailedInput = z.infer<typeof markPayoutFailedSchema>;

/** Payout history's filter on the wallet. */
export const PAYOUT_FILTERS = ["all", "pending", "paid"] as const;
export type PayoutFilter = (typeof PAYOUT_FILTERS)[number];
