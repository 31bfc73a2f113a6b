// Notices about the account's own security, sent to the account's address so its owner
// learns of a change they did not make.

import { composeMail, line } from "@/lib/platform/mail/content";

const WHY = "It tells the owner of this K12 Experts account about a change to it, so a change you did not make is noticed.";

export function passwordChangedEmail(firstName: string, settingsLink: string) {
  return composeMail({
    subject: "Your K12 Experts password was changed",
    firstName,
    body: [
      line`The password of your K12 Experts account was just changed, and every other session was signed out.`,
      line`If this was not you, reset your password at once and review your sessions.`,
    ],
    action: { label: "Review your sessions", href: settingsLink },
    why: WHY,
  });
}

export function payoutDetailsChangedEmail(firstName: string, settingsLink: string) {
  return composeMail({
    subject: "Your payout details were changed",
    firstName,
    body: [
      line`Your payout details were changed on K12 Experts. Future payouts will go to the new details.`,
      line`If this was not you, sign in, change your password and check your payment information.`,
    ],
    action: { label: "Check your account's security", href: settingsLink },
    why: WHY,
  });
}

export function accountDisabledEmail(firstName: string) {
  return composeMail({
    subject: "Your K12 Experts account was disabled",
    firstName,
    body: [
      line`An administrator disabled your K12 Experts account and signed out every session. If you think this is a mistake, reply to this message or contact support.`,
    ],
    why: WHY,
  });
}
