import type { Option } from "./options";

/** 000 §3 preferred payment methods, as the payments step, the wallet and the payout list show them. */
export const PAYMENT_METHODS = [
  { value: "bank_transfer", label: "Bank transfer (ACH)" },
  { value: "paypal", label: "PayPal" },
  { value: "venmo", label: "Venmo" },
  { value: "zelle", label: "Zelle" },
] as const satisfies readonly Option[];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];
