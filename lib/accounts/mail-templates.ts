import { EMAIL_VERIFICATION_TTL_HOURS } from "@/lib/accounts/constants";

export function verificationEmail(firstName: string, link: string, kind: "client" | "expert" = "client") {
  const why =
    kind === "client"
      ? "Thanks for registering as a research client on K12 Experts. Confirm your e-mail address to activate your account:"
      : "Thanks for joining K12 Experts as an education expert. Confirm your e-mail address so we know it is yours:";
  return {
    subject: "Verify your K12 Experts account",
    text: `Hi ${firstName},\n\n${why}\n\n${link}\n\nThis link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours. If you did not register, you can ignore this message.\n\n— The K12 Experts team`,
  };
}

export function passwordResetEmail(firstName: string, link: string) {
  return {
    subject: "Reset your K12 Experts password",
    text: `Hi ${firstName},\n\nSomeone (hopefully you) asked to reset the password of your K12 Experts account. Choose a new password here:\n\n${link}\n\nThis link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays as it is.\n\n— The K12 Experts team`,
  };
}

export function duplicateRegistrationEmail(firstName: string, loginLink: string, resetLink: string) {
  return {
    subject: "Someone tried to register with your address",
    text: `Hi ${firstName},\n\nSomeone tried to register a new K12 Experts account with your e-mail address. You already have an account, so nothing was created.\n\nIf it was you, sign in here:\n\n${loginLink}\n\nForgot your password? Choose a new one here:\n\n${resetLink}\n\nIf it was not you, you can ignore this message: your account is unchanged.\n\n— The K12 Experts team`,
  };
}
