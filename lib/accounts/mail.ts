// Notices about the account's own security, sent to the account's address so its owner
// learns of a change they did not make.

const SIGN_OFF = "\n\n— The K12 Experts team";

export function passwordChangedEmail(firstName: string, settingsLink: string) {
  return {
    subject: "Your K12 Experts password was changed",
    text: `Hi ${firstName},\n\nThe password of your K12 Experts account was just changed, and every other session was signed out.\n\nIf this was not you, reset your password at once and review your sessions:\n\n${settingsLink}${SIGN_OFF}`,
  };
}

export function payoutDetailsChangedEmail(firstName: string, settingsLink: string) {
  return {
    subject: "Your payout details were changed",
    text: `Hi ${firstName},\n\nYour payout details were changed on K12 Experts. Future payouts will go to the new details.\n\nIf this was not you, sign in, change your password and check your payment information:\n\n${settingsLink}${SIGN_OFF}`,
  };
}

export function accountDisabledEmail(firstName: string) {
  return {
    subject: "Your K12 Experts account was disabled",
    text: `Hi ${firstName},\n\nAn administrator disabled your K12 Experts account and signed out every session. If you think this is a mistake, reply to this message or contact support.${SIGN_OFF}`,
  };
}
