// Display helpers shared by the dashboard and the wallet page (pure, no data access).

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const formatCents = (cents: number) => usd.format(cents / 100);

/** A DATE column (UTC midnight) as "Jan 15, 2026". */
export const formatDay = (d: Date | string) =>
  new Date(typeof d === "string" && d.length === 10 ? `${d}T00:00:00Z` : d).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });

/** An instant in the expert's time zone, e.g. "Mar 3, 2026, 2:30 PM EST". */
export const formatDateTime = (d: Date | string, timeZone: string) =>
  new Date(d).toLocaleString("en-US", { timeZone, month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });

/** Opportunity types and other enum words with underscores shown as spaces. */
export const spaced = (value: string) => value.replaceAll("_", " ");

export const PAYMENT_METHOD_LABEL: Record<string, string> = {
  bank_transfer: "Bank transfer (ACH)",
  paypal: "PayPal",
  venmo: "Venmo",
  zelle: "Zelle",
};
