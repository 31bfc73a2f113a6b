import { PAYMENT_INQUIRY_REPLY_TIME, SUPPORT_REPLY_TIME } from "@/lib/vocabulary/support";
// The contact form's rules and messages without zod, so the browser bundle stays small
// (the form imports this; the server's zod schemas in contact.ts use the same values).

export const CONTACT_ROLES = ["expert", "client", "other"] as const;
export type ContactRoleValue = (typeof CONTACT_ROLES)[number];

export const CONTACT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const CONTACT_ATTACHMENT_EXTENSIONS = [".pdf", ".doc", ".docx", ".txt", ".png", ".jpg", ".jpeg"] as const;
/** For the file input's accept attribute. */
export const CONTACT_ATTACHMENT_ACCEPT = CONTACT_ATTACHMENT_EXTENSIONS.join(",");

export const CONTACT_THROTTLE_MAX = 5;
export const CONTACT_THROTTLE_WINDOW_MINUTES = 10;

export const SUPPORT_REPLY = `We reply to every message within ${SUPPORT_REPLY_TIME}, and to payment inquiries within ${PAYMENT_INQUIRY_REPLY_TIME}.`;

/** The contact form's messages: its toasts and the default failure. */
export const CONTACT_MESSAGES = {
  missingTitle: "Missing required fields",
  missingDescription: "Please fill in all required fields.",
  roleTitle: "Please select your role",
  roleDescription: "Role selection is required.",
  failureTitle: "Error sending message",
  failureDescription: "Please try again or email us directly.",
  failureDefault: "Failed to send message",
  successTitle: "Message sent successfully!",
  successDescription: `We'll get back to you within ${SUPPORT_REPLY_TIME}.`,
  throttled: `You have sent ${CONTACT_THROTTLE_MAX} messages in the last ${CONTACT_THROTTLE_WINDOW_MINUTES} minutes. Please wait a few minutes and try again.`,
} as const;

type RequiredField = "name" | "email" | "subject" | "message";

/** Which fields a person left empty, for the form's 'Missing required fields' check before sending. */
export function missingRequiredFields(values: Partial<Record<RequiredField, string>>): RequiredField[] {
  return (["name", "email", "subject", "message"] as const).filter((k) => !values[k]?.trim());
}

export type ContactFormValues = { name: string; email: string; role: ContactRoleValue; subject: string; message: string };
type ContactCheck = { value: ContactFormValues; error?: undefined } | { value?: undefined; error: Record<string, string[]> };

/** The attachment's problem before sending (the server also checks its content), or null. */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  const ext = file.name.slice(file.name.lastIndexOf(".")).toLowerCase();
  if (!(CONTACT_ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext))
    return `Attachment must be one of: ${CONTACT_ATTACHMENT_EXTENSIONS.join(", ")}`;
  return file.size > CONTACT_ATTACHMENT_MAX_BYTES ? "Attachment must be 10 MB or smaller" : null;
}

/**
 * The form's check before sending: every empty required field and a missing role at once; the
 * attachment only once those are right (its own toast names it alone).
 */
export function checkContactForm(submitted: Record<string, unknown>): ContactCheck {
  const text = (k: string) => (typeof submitted[k] === "string" ? (submitted[k] as string) : "");
  const values = { name: text("name"), email: text("email"), subject: text("subject"), message: text("message") };
  const error: Record<string, string[]> = Object.fromEntries(missingRequiredFields(values).map((k) => [k, ["This field is required."]]));
  const role = (CONTACT_ROLES as readonly string[]).includes(text("role")) ? (text("role") as ContactRoleValue) : null;
  if (!role) error.role = [CONTACT_MESSAGES.roleDescription];
  if (Object.keys(error).length || !role) return { error };
  const file = submitted.attachment;
  const problem = typeof File !== "undefined" && file instanceof File && file.size > 0 ? attachmentProblem(file) : null;
  if (problem) return { error: { attachment: [problem] } };
  return { value: { ...values, role } };
}
