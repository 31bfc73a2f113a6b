import { z } from "../../platform/validation/zod";

// Funding an organization's balance: the Add funds form, the money desk's Record payment and
// credit-limit forms, and their server actions.

/** Dollars typed by a person ("2,500", "2500.50", "$40") read as whole cents, within [min, max] dollars. */
const dollarsToCents = (label: string, min: number, max: number) =>
  z
    .union([z.string(), z.number()], { error: `Enter ${label}` })
    .transform((v) => (typeof v === "number" ? String(v) : v.trim().replace(/^\$/, "").replaceAll(",", "")))
    .refine((s) => s.length > 0, `Enter ${label}`)
    .refine((s) => /^\d{1,9}(\.\d{1,2})?$/.test(s), `Enter ${label} in dollars, with at most 2 decimals`)
    .transform((s) => Math.round(Number(s) * 100))
    .refine(
      (cents) => cents >= min * 100 && cents <= max * 100,
      `Enter ${label} between $${min.toLocaleString("en-US")} and $${max.toLocaleString("en-US")}`,
    );

const id = (what: string) => z.uuid({ error: `${what} is not valid` });

/** How finance pays an invoice: a bank transfer the money desk records (the default), or a card. */
export const FUNDING_METHODS = ["bank_transfer", "card"] as const;

export const requestFundsSchema = z
  .object({
    amount: dollarsToCents("an amount", 1, 1_000_000),
    method: z.enum(FUNDING_METHODS, { error: "Choose bank transfer or card" }).default("bank_transfer"),
  })
  .strict();
export type RequestFundsInput = z.input<typeof requestFundsSchema>;

export const voidFundingInvoiceSchema = z.object({ invoiceId: id("Invoice") }).strict();

export const payInvoiceByCardSchema = z.object({ invoiceId: id("Invoice") }).strict();

export const recordFundingPaymentSchema = z
  .object({
    invoiceId: id("Invoice"),
    reference: z
      .string({ error: "Enter the payment's reference" })
      .trim()
      .min(2, "Enter the payment's reference (at least 2 characters)")
      .max(200, "A reference is at most 200 characters")
      .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "A reference must be plain text on one line"),
  })
  .strict();

export const setCreditLimitSchema = z
  .object({ organizationId: id("Organization"), creditLimit: dollarsToCents("a credit limit", 0, 1_000_000) })
  .strict();

/** "K12-000123" (or just 123) → 123; anything else is not an invoice number. */
export const invoiceNumberSchema = z
  .string()
  .trim()
  .regex(/^(K12-)?\d{1,9}$/i)
  .transform((s) => Number(s.replace(/^K12-/i, "")))
  .refine((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
