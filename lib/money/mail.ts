// What the expert is told when the payout desk settles a cash out (lib/money/payouts.ts), what a
// finance member is told when funds arrive, and the admins' nightly money check.

import { PAYOUT_LATE_BUSINESS_DAYS } from "@/lib/money/policy";
import { composeMail, line, listLine } from "@/lib/platform/mail/content";

const WHY_PAYOUT = "You asked to cash out your K12 Experts earnings, and this is what became of that payout.";

export function payoutPaidEmail(firstName: string, amount: string, method: string, reference: string, link: string) {
  return composeMail({
    subject: `Your ${amount} payout was sent`,
    firstName,
    body: [
      line`We sent your payout of ${amount} by ${method}. Reference: ${reference}.`,
      line`Depending on the method it can take a few business days to arrive. If it has not arrived within ${String(PAYOUT_LATE_BUSINESS_DAYS)} business days, reply to this message.`,
    ],
    action: { label: "Your payout history", href: link },
    why: WHY_PAYOUT,
  });
}

export function payoutFailedEmail(firstName: string, amount: string, reason: string, link: string) {
  return composeMail({
    subject: `Your ${amount} payout could not be sent`,
    firstName,
    body: [
      line`We could not send your payout of ${amount}.`,
      line`Reason: ${reason}`,
      line`The money is back in your Available balance. Check your payment details, then cash out again.`,
    ],
    action: { label: "Check your payment details", href: link },
    why: WHY_PAYOUT,
  });
}

/** A funding invoice the reader asked for was paid: the funds are there to commit. */
export function fundsAddedEmail(firstName: string, number: string, amount: string, link: string) {
  return composeMail({
    subject: `${number} is paid: ${amount} added to your funds`,
    firstName,
    body: [
      line`The payment of invoice ${number} was recorded, and ${amount} was added to your organization's funds. Researchers can now accept experts against it.`,
    ],
    action: { label: "Open the invoice", href: link },
    why: "You asked for this invoice for your organization on K12 Experts.",
  });
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
    .flatMap((c) => {
      const shown = c.messages.slice(0, BREACHES_PER_CHECK);
      const more = c.messages.length - shown.length;
      return [line`${c.title} (${String(c.messages.length)}): ${c.promise}`, listLine(more > 0 ? [...shown, `and ${more} more`] : shown)];
    });
  return composeMail({
    subject: `Money check for ${day}: ${total} ${total === 1 ? "breach" : "breaches"}`,
    firstName,
    body: [
      line`Tonight's check of the ledger found money that does not add up. Nothing was changed; each line says where to look.`,
      ...sections,
    ],
    action: { label: "Every breach, and a button to check again", href: link },
    why: "You are an administrator of K12 Experts, and the nightly check of the ledger found breaches.",
  });
}

/** The expert's donation receipt: their pay from a study, paid to their school district (or a school fund). */
export function donationReceiptEmail(facts: {
  firstName: string;
  amount: string;
  number: string;
  projectTitle: string;
  payee: string;
  paidOn: string;
  reference: string;
  link: string;
}) {
  return composeMail({
    subject: `Donation receipt ${facts.number}: ${facts.amount} to ${facts.payee}`,
    firstName: facts.firstName,
    body: [
      line`Your pay of ${facts.amount} for "${facts.projectTitle}" was paid to ${facts.payee} on ${facts.paidOn}. Reference: ${facts.reference}.`,
      line`Donated pay was never paid to you: it does not count toward your earnings or your 1099 threshold.`,
    ],
    action: { label: "Your donation receipt", href: facts.link },
    why: "You chose to donate your pay from a study on K12 Experts to your school or district.",
  });
}
