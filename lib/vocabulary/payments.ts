import { options } from "./options";

/** 000 §3 preferred payment methods, as the payments step, the wallet and the payout list show them. */
export const PAYMENT_METHODS = options({ bank_transfer: "Bank transfer (ACH)", paypal: "PayPal", venmo: "Venmo", zelle: "Zelle" });
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];
