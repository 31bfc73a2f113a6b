import { EMAIL_VERIFICATION_TTL_HOURS } from "@/lib/constants";

export function verificationEmail(firstName: string, link: string) {
  return {
    subject: "Verify your K12 Experts account",
    text: `Hi ${firstName},\n\nThanks for registering as a research client on K12 Experts. Confirm your e-mail address to activate your account:\n\n${link}\n\nThis link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours. If you did not register, you can ignore this message.\n\n— The K12 Experts team`,
  };
}

export function passwordResetEmail(firstName: string, link: string) {
  return {
    subject: "Reset your K12 Experts password",
    text: `Hi ${firstName},\n\nSomeone (hopefully you) asked to reset the password of your K12 Experts account. Choose a new password here:\n\n${link}\n\nThis link works once and expires in 1 hour. If you did not ask for it, ignore this message: your password stays as it is.\n\n— The K12 Experts team`,
  };
}
