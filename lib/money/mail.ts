// What the expert is told when the payout desk settles a cash out (lib/money/payouts.ts).

import { PAYOUT_LATE_BUSINESS_DAYS } from "@/lib/money/policy";

const SIGN_OFF = "\n\n— The K12 Experts team";

export function payoutPaidEmail(firstName: string, amount: string, method: string, reference: string, link: string) {
  return {
    subject: `Your ${amount} payout was sent`,
    text: `Hi ${firstName},\n\nWe sent your payout of ${amount} by ${method}. Reference: ${reference}.\n\nDepending on the method it can take a few business days to arrive. Your payout history:\n\n${link}\n\nIf it has not arrived within ${PAYOUT_LATE_BUSINESS_DAYS} business days, reply to this message.${SIGN_OFF}`,
  };
}

export function payoutFailedEmail(firstName: string, amount: string, reason: string, link: string) {
  return {
    subject: `Your ${amount} payout could not be sent`,
    text: `Hi ${firstName},\n\nWe could not send your payout of ${amount}.\n\nReason: ${reason}\n\nThe money is back in your Available balance. Check your payment details, then cash out again:\n\n${link}${SIGN_OFF}`,
  };
}

/** A funding invoice the reader asked for was paid: the funds are there to commit. */
export function fundsAddedEmail(firstName: string, number: string, amount: string, link: string) {
  return {
    subject: `${number} is paid: ${amount} added to your funds`,
    text: `Hi ${firstName},\n\nThe payment of invoice ${number} was recorded, and ${amount} was added to your organisation's funds. Researchers can now accept experts against it.\n\nThe invoice:\n\n${link}${SIGN_OFF}`,
  };
}

/** Breaches listed per check in the nightly e-mail; the rest are on the admin page. */
const BREACHES_PER_CHECK = 20;

/** The nightly money check found breaches: each check's, in its own words, and where to act. */
export function moneyInvariantsEmail(
  firstName: string,
  day: string,
  checks: { title: string; promise: string; messages: string[] }[],
  link: string,
) {
  const total = checks.reduce((sum, c) => sum + c.messages.length, 0);
  const sections = checks
    .filter((c) => c.messages.length)
    .map((c) => {
      const shown = c.messages.slice(0, BREACHES_PER_CHECK).map((m) => `- ${m}`);
      const more = c.messages.length - shown.length;
      return `${c.title} (${c.messages.length}): ${c.promise}\n${shown.join("\n")}${more > 0 ? `\n- and ${more} more` : ""}`;
    });
  return {
    subject: `Money check for ${day}: ${total} ${total === 1 ? "breach" : "breaches"}`,
    text: `Hi ${firstName},\n\nTonight's check of the ledger found money that does not add up. Nothing was changed; each line says where to look.\n\n${sections.join("\n\n")}\n\nEvery breach, and a button to check again: ${link}${SIGN_OFF}`,
  };
}
