import { z } from "@/lib/platform/validation/zod";
import { monthSchema } from "@/lib/money/schemas/billing";

// Pay, donate or decline: the expert's default, one engagement's choice, and the money desk's
// monthly donation payout.

export const INCENTIVE_CHOICES = ["pay", "donate", "decline"] as const;
const choice = z.enum(INCENTIVE_CHOICES, { error: "Choose Pay me, Donate to my school or district, or Decline" });

export const incentiveDefaultSchema = z.object({ choice });
export const engagementIncentiveSchema = z.object({ engagementId: z.uuid("Engagement is not valid"), choice });

/** Printable text on one line: a payee, a fund or a reference is printed on the receipts. */
const oneLine = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(min, min === 1 ? `${label} is required.` : `${label} must be at least ${min} characters.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), `${label} must be plain text on one line.`);

export const payDonationsSchema = z.object({
  leaid: z.string({ error: "District is not valid" }).regex(/^\d{7}$/, "District is not valid"),
  month: monthSchema,
  payeeName: oneLine("Payee", 2, 200),
  schoolFund: oneLine("School fund", 2, 200)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  reference: oneLine("Reference", 1, 200),
});
