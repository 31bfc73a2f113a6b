// Payment details as the payout desk shows them: masked on screen, in full only in the
// exported CSV. Pure functions (no database, no keys), shared by the service and its tests.

const DOTS = "••••";

/** "jane.doe@example.org" → "j•••@example.org"; anything without an "@" keeps its first character. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return email ? `${email[0]}•••` : "";
  return `${email[0]}•••${email.slice(at)}`;
}

/** "@jane-doe" → "@j•••" */
export const maskHandle = (handle: string) => {
  const h = handle.replace(/^@/, "");
  return h ? `@${h[0]}•••` : "";
};

export type MaskableDetails = {
  paymentMethod: string | null;
  bankName: string | null;
  accountNumberLast4: string | null;
  routingNumberLast4: string | null;
  paypalEmail: string | null;
  venmoUsername: string | null;
  zelleEmail: string | null;
  /** A check's mailing address: the desk shows its city, state and ZIP, never the street. */
  checkCity?: string | null;
  checkState?: string | null;
  checkZipCode?: string | null;
};

/** What the queue shows for a payout's destination: never more than 4 digits or a masked address. */
export function maskedDetails(d: MaskableDetails): string {
  switch (d.paymentMethod) {
    case "bank_transfer":
      if (!d.accountNumberLast4) return "No bank account on file";
      return [d.bankName, `${DOTS} ${d.accountNumberLast4}`].filter(Boolean).join(" ");
    case "paypal":
      return d.paypalEmail ? maskEmail(d.paypalEmail) : "No PayPal e-mail on file";
    case "venmo":
      return d.venmoUsername ? maskHandle(d.venmoUsername) : "No Venmo username on file";
    case "zelle":
      return d.zelleEmail
        ? d.zelleEmail.includes("@")
          ? maskEmail(d.zelleEmail)
          : `${DOTS} ${d.zelleEmail.slice(-4)}`
        : "No Zelle address on file";
    case "check":
      return d.checkCity
        ? `Check to ${d.checkCity}, ${[d.checkState, d.checkZipCode].filter(Boolean).join(" ")}`
        : "No mailing address on file";
    default:
      return "No payment method set";
  }
}

/** Whole cents as a plain decimal ("1234.50"), as banks' upload formats expect. */
export const centsToDecimal = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
