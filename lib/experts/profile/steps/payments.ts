import { z } from "@/lib/platform/validation/zod";
import { defineStep, type Columns, type Seal } from "@/lib/experts/profile/step";
import { ONBOARDING_MESSAGES, choice, email, isValidAbaRoutingNumber, optionalText } from "@/lib/experts/profile/rules";
import { PAYMENT_METHODS } from "@/lib/vocabulary/payments";
import { usAddressSchema } from "@/lib/money/schemas/tax";

const rate = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(10_000, `${label} must be at most 10000`)
    .refine((n) => Number.isInteger(n) && n % 5 === 0, `${label} must be in steps of 5`);

const optional = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Payment details by method. Routing and account numbers may be left empty when they are
 * already on file (the form only ever sees their last 4 digits); the service checks that.
 */
const paymentDetailsSchema = z.object({
  bankName: optionalText("Bank name", 120),
  accountHolder: optionalText("Account holder", 120),
  routingNumber: optional().refine((v) => v === null || isValidAbaRoutingNumber(v), ONBOARDING_MESSAGES.routingNumber),
  accountNumber: optional().refine((v) => v === null || /^\d{4,17}$/.test(v), "Account number must be 4 to 17 digits"),
  paypalEmail: optional(),
  venmoUsername: optional(),
  zelleEmail: optional(),
  // Where a check is mailed: typed here, or (with the expert's consent) the W-9's address.
  checkAddressLine1: optional(),
  checkAddressLine2: optional(),
  checkCity: optional(),
  checkState: optional(),
  checkZipCode: optional(),
  useW9Address: z
    .boolean()
    .nullish()
    .transform((v) => v === true),
});
type PaymentDetails = z.output<typeof paymentDetailsSchema>;
export const PAYMENT_DETAILS_EMPTY: PaymentDetails = {
  bankName: null,
  accountHolder: null,
  routingNumber: null,
  accountNumber: null,
  paypalEmail: null,
  venmoUsername: null,
  zelleEmail: null,
  checkAddressLine1: null,
  checkAddressLine2: null,
  checkCity: null,
  checkState: null,
  checkZipCode: null,
  useW9Address: false,
};

/** The check address fields, by the name the shared US address rules give them. */
const CHECK_ADDRESS_FIELDS = {
  addressLine1: "checkAddressLine1",
  addressLine2: "checkAddressLine2",
  city: "checkCity",
  state: "checkState",
  zipCode: "checkZipCode",
} as const;

/** The details each method needs (checked on the whole step, so every problem shows at once). */
function checkDetails(
  v: { preferredPaymentMethod?: unknown; paymentDetails?: unknown; hourlyRateMin?: unknown; hourlyRateMax?: unknown },
  ctx: z.RefinementCtx,
) {
  // Runs even when other fields failed: the values may still be raw input, hence the type checks.
  if (typeof v.hourlyRateMin === "number" && typeof v.hourlyRateMax === "number" && v.hourlyRateMin > v.hourlyRateMax) {
    ctx.addIssue({ code: "custom", path: ["hourlyRateMax"], message: ONBOARDING_MESSAGES.rateOrder });
  }
  const d = (v.paymentDetails ?? {}) as Record<string, unknown>;
  const need = (key: string, message: string, check?: z.ZodType) => {
    const value = typeof d[key] === "string" ? (d[key] as string).trim() : "";
    if (!value) ctx.addIssue({ code: "custom", path: ["paymentDetails", key], message });
    else if (check && !check.safeParse(value).success) {
      ctx.addIssue({
        code: "custom",
        path: ["paymentDetails", key],
        message: `Please enter a valid ${message.replace(/ is required$/, "").toLowerCase()}`,
      });
    }
  };
  switch (v.preferredPaymentMethod) {
    case "bank_transfer":
      need("bankName", "Bank name is required");
      need("accountHolder", "Account holder is required");
      break;
    case "paypal":
      need("paypalEmail", "PayPal email is required", email("PayPal email"));
      break;
    case "zelle":
      need("zelleEmail", "Zelle email is required", email("Zelle email"));
      break;
    case "venmo":
      need("venmoUsername", "Venmo username is required", z.string().regex(/^@?[A-Za-z0-9_-]{5,30}$/));
      break;
    case "check": {
      // With consent the W-9's address is used (the service copies it); otherwise a US address.
      if (d.useW9Address === true) break;
      const typed = Object.fromEntries(
        Object.entries(CHECK_ADDRESS_FIELDS).map(([rule, key]) => [rule, typeof d[key] === "string" ? d[key] : ""]),
      );
      const address = usAddressSchema.safeParse(typed);
      if (!address.success) {
        for (const issue of address.error.issues) {
          ctx.addIssue({
            code: "custom",
            path: ["paymentDetails", CHECK_ADDRESS_FIELDS[issue.path[0] as keyof typeof CHECK_ADDRESS_FIELDS]],
            message: issue.message,
          });
        }
      }
      break;
    }
  }
}

const toCents = (dollars: number) => Math.round(dollars * 100);
const fromCents = (cents: number | null) => (cents === null ? null : cents / 100);

/** Payment details → columns: e-mails lowercased, Venmo without "@", numbers sealed (an empty number keeps the stored one). */
function detailColumns(d: Partial<PaymentDetails>, seal: Seal): Columns {
  const out: Columns = {};
  if ("bankName" in d) out.bankName = d.bankName;
  if ("accountHolder" in d) out.accountHolder = d.accountHolder;
  if ("paypalEmail" in d) out.paypalEmail = d.paypalEmail?.toLowerCase() ?? null;
  if ("zelleEmail" in d) out.zelleEmail = d.zelleEmail?.toLowerCase() ?? null;
  if ("venmoUsername" in d) out.venmoUsername = d.venmoUsername?.replace(/^@/, "") ?? null;
  for (const key of Object.values(CHECK_ADDRESS_FIELDS)) if (key in d) out[key] = d[key];
  if (d.routingNumber) ({ sealed: out.routingNumberEnc, last4: out.routingNumberLast4 } = seal(d.routingNumber, "routing_number"));
  if (d.accountNumber) ({ sealed: out.accountNumberEnc, last4: out.accountNumberLast4 } = seal(d.accountNumber, "account_number"));
  return out;
}

/**
 * Step 5: payment method and details, rates, W-9 consent. The rates are entered in whole
 * dollars (hourlyRateMin/Max, the API's names) and stored in cents
 * (hourlyRateMinCents/MaxCents): the one field pair whose name changes, because its unit does.
 */
export const payments = defineStep({
  title: "Payment Setup",
  schema: z
    .object({
      preferredPaymentMethod: choice(PAYMENT_METHODS, "payment method"),
      paymentDetails: paymentDetailsSchema.default(PAYMENT_DETAILS_EMPTY),
      hourlyRateMin: rate("Minimum hourly rate"),
      hourlyRateMax: rate("Maximum hourly rate"),
      w9Consent: z.boolean({ error: ONBOARDING_MESSAGES.w9 }).refine((agreed) => agreed, ONBOARDING_MESSAGES.w9),
    })
    .superRefine(checkDetails, { when: () => true }),
  // A draft may keep the box unticked (null or false: not agreed yet).
  draft: {
    w9Consent: z
      .boolean()
      .nullish()
      .transform((agreed) => agreed === true),
  },
  defaults: {
    preferredPaymentMethod: null,
    paymentDetails: PAYMENT_DETAILS_EMPTY,
    hourlyRateMin: null,
    hourlyRateMax: null,
    w9Consent: null,
  },
  fromRow: (row) => ({
    preferredPaymentMethod: row.preferredPaymentMethod,
    paymentDetails: {
      ...PAYMENT_DETAILS_EMPTY,
      bankName: row.bankName,
      accountHolder: row.accountHolder,
      paypalEmail: row.paypalEmail,
      venmoUsername: row.venmoUsername,
      zelleEmail: row.zelleEmail,
      checkAddressLine1: row.checkAddressLine1,
      checkAddressLine2: row.checkAddressLine2,
      checkCity: row.checkCity,
      checkState: row.checkState,
      checkZipCode: row.checkZipCode,
    },
    hourlyRateMin: fromCents(row.hourlyRateMinCents),
    hourlyRateMax: fromCents(row.hourlyRateMaxCents),
    w9Consent: row.w9Consent,
  }),
  toColumns: ({ preferredPaymentMethod, paymentDetails, hourlyRateMin, hourlyRateMax, w9Consent }, seal) => ({
    ...(preferredPaymentMethod !== undefined ? { preferredPaymentMethod } : {}),
    ...(hourlyRateMin !== undefined ? { hourlyRateMinCents: toCents(hourlyRateMin) } : {}),
    ...(hourlyRateMax !== undefined ? { hourlyRateMaxCents: toCents(hourlyRateMax) } : {}),
    ...(w9Consent !== undefined ? { w9Consent } : {}),
    ...(paymentDetails ? detailColumns(paymentDetails, seal) : {}),
  }),
});
