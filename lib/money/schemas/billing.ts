import { z } from "../../platform/validation/zod";

// Client billing: monthly statements named by their UTC calendar month.

/** "2026-03": a statement's month. */
export const monthSchema = z
  .string({ error: "Month must look like 2026-03" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Month must look like 2026-03");

export const markStatementPaidSchema = z.object({
  organizationId: z.uuid("Organization is not valid"),
  month: monthSchema,
  reference: z
    .string({ error: "Enter the payment's reference" })
    .trim()
    .min(2, "Enter the payment's reference (at least 2 characters)")
    .max(200, "A reference is at most 200 characters"),
});
