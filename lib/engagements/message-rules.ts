// What a message may not quietly carry: contact details or a payment that would take the
// engagement off the platform. Pure, so the rule is the same wherever it runs; the words of the
// warning live here too.

export type OffPlatformFlag = "email" | "phone" | "payment";

/** The query parameter that opens an engagement's conversation on the page a link lands on (`?thread=<engagement id>`). */
export const THREAD_PARAM = "thread";

/** The longest message, in characters. */
export const MESSAGE_MAX = 5000;

const EMAIL = /[a-z0-9._%+-]+\s*(@|\(at\)|\[at\]|\s+at\s+)\s*[a-z0-9-]+(\.|\s*\(dot\)\s*|\s*\[dot\]\s*|\s+dot\s+)[a-z]{2,}/i;
/** Ten or more digits, however they are grouped: a US number with its area code, or longer. */
const PHONE = /(?:\+?\d[\s().-]*){10,}/;
const PAYMENT =
  /\b(venmo|paypal|pay\s*pal|zelle|cash\s*app|cashapp|wire\s+(?:transfer|me|the)|bank\s+(?:account|transfer|details)|routing\s+number|gift\s*cards?|crypto|bitcoin|pay\s+(?:you|me)\s+(?:directly|outside|off))\b/i;

/** What the text looks like it shares, in a stable order; empty when nothing. */
export function offPlatformFlags(text: string): OffPlatformFlag[] {
  const flags: OffPlatformFlag[] = [];
  if (EMAIL.test(text)) flags.push("email");
  if (PHONE.test(text)) flags.push("phone");
  if (PAYMENT.test(text)) flags.push("payment");
  return flags;
}

const WHAT: Record<OffPlatformFlag, string> = {
  email: "an e-mail address",
  phone: "a phone number",
  payment: "a payment outside the platform",
};

/** The warning the sender confirms before such a message is sent. */
export function offPlatformWarning(flags: OffPlatformFlag[]): string {
  const what = flags.map((f) => WHAT[f]);
  const list = what.length > 1 ? `${what.slice(0, -1).join(", ")} or ${what.at(-1)}` : what[0];
  return `Keep contact and payment on K12 Experts. This message looks like it shares ${list}. Sessions, messages and payments on the platform are protected and paid on time; outside it they are not. If you send it anyway, our team will be able to review it.`;
}
