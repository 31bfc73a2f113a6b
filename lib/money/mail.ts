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
