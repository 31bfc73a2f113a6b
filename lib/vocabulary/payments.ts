import { options } from "./options";

/**
 * The one list of payment methods (the expert's preferred_payment_method), in the order every page
 * shows them: the payments step of onboarding, /payments, the help center and the payment
 * policy all read it. A check is mailed to the address the expert gives with it.
 */
export const PAYMENT_METHODS = options({
  bank_transfer: "Bank transfer (ACH)",
  paypal: "PayPal",
  venmo: "Venmo",
  zelle: "Zelle",
  check: "Check",
});
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

/** How many business days (fewest, most) each method takes to reach the expert after the payout is sent (PayPal, ACH and check as the product promises them). */
export const PAYMENT_METHOD_DAYS: Record<PaymentMethod, readonly [number, number]> = {
  bank_transfer: [3, 5],
  paypal: [1, 2],
  venmo: [1, 2],
  zelle: [1, 3],
  check: [7, 10],
};

/** "3-5 business days": each method's time in words. */
export const PAYMENT_METHOD_TIMINGS = Object.fromEntries(
  Object.entries(PAYMENT_METHOD_DAYS).map(([method, [from, to]]) => [method, `${from}-${to} business days`]),
) as Record<PaymentMethod, string>;

/** The list with each method's timing, for the pages that show both. */
export const PAYMENT_METHOD_LIST = PAYMENT_METHODS.map((m) => ({ ...m, timing: PAYMENT_METHOD_TIMINGS[m.value] }));

/** "Bank transfer (ACH), PayPal, Venmo or Zelle": the list in a sentence. */
export const PAYMENT_METHODS_PHRASE = `${PAYMENT_METHODS.slice(0, -1)
  .map((m) => m.label)
  .join(", ")} or ${PAYMENT_METHODS[PAYMENT_METHODS.length - 1].label}`;

/** How a payout's state reads to people (wallet, payout history, the payout desk). */
export const PAYOUT_STATUSES = options({
  pending: "Pending",
  processing: "Processing",
  paid: "Paid",
  completed: "Completed",
  failed: "Failed",
});
