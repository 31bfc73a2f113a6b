// The e-mails of signing up and signing in: verification, password reset, a second registration.

import { EMAIL_VERIFICATION_TTL_HOURS } from "@/lib/accounts/constants";
import { composeMail, line, linkLine } from "@/lib/platform/mail/content";

const WHY_REGISTERED = "Someone registered a K12 Experts account with this e-mail address.";

export function verificationEmail(firstName: string, link: string, kind: "client" | "expert" = "client") {
  return composeMail({
    subject: "Verify your K12 Experts account",
    firstName,
    body: [
      kind === "client"
        ? line`Thanks for registering as a research client on K12 Experts. Confirm your e-mail address to activate your account.`
        : line`Thanks for joining K12 Experts as an education expert. Confirm your e-mail address so we know it is yours.`,
      line`This link works once and expires in ${String(EMAIL_VERIFICATION_TTL_HOURS)} hours. If you did not register, you can ignore this message.`,
    ],
    action: { label: "Verify your e-mail address", href: link },
    why: WHY_REGISTERED,
  });
}

export function passwordResetEmail(firstName: string, link: string) {
  return composeMail({
    subject: "Reset your K12 Experts password",
    firstName,
    body: [
      line`Someone (hopefully you) asked to reset the password of your K12 Experts account.`,
      line`This link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays as it is.`,
    ],
    action: { label: "Choose a new password", href: link },
    why: "A password reset was asked for the K12 Experts account with this e-mail address.",
  });
}

export function duplicateRegistrationEmail(firstName: string, loginLink: string, resetLink: string) {
  return composeMail({
    subject: "Someone tried to register with your address",
    firstName,
    body: [
      line`Someone tried to register a new K12 Experts account with your e-mail address. You already have an account, so nothing was created.`,
      line`If it was you, sign in here: ${linkLine(loginLink)}`,
      line`If it was not you, you can ignore this message: your account is unchanged.`,
    ],
    action: { label: "Forgot your password? Choose a new one", href: resetLink },
    why: WHY_REGISTERED,
  });
}
