import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "@/lib/constants";

// Shared by the registration and sign-in forms and by the server.

export const EXPERT_ROLE_TITLES = [
  "superintendent",
  "principal",
  "assistant-principal",
  "curriculum-director",
  "technology-director",
  "transportation-director",
  "special-ed-director",
  "teacher",
  "other",
] as const;

/** How each role is shown and stored on the expert row (the public profile shows it as is). */
export const ROLE_TITLE_LABELS: Record<(typeof EXPERT_ROLE_TITLES)[number], string> = {
  superintendent: "Superintendent",
  principal: "Principal",
  "assistant-principal": "Assistant Principal",
  "curriculum-director": "Curriculum Director",
  "technology-director": "Technology Director",
  "transportation-director": "Transportation Director",
  "special-ed-director": "Special Education Director",
  teacher: "Teacher",
  other: "Other",
};

export const COUNTRY_CODES = [
  "+1", "+44", "+91", "+86", "+81", "+49", "+33", "+39", "+34", "+61",
  "+7", "+55", "+82", "+31", "+46", "+47", "+45", "+41", "+43", "+32",
] as const;

export const MESSAGES = {
  passwordMismatch: "Passwords do not match. Please try again.",
  privacyRequired: "You must agree to the Privacy & Data Policy to continue.",
  zip: "Please enter a valid ZIP code (e.g., 12345 or 12345-6789)",
  signInFailed: "Account not found or password incorrect.",
  noRole: "No valid role found for your account. Please contact support.",
  wrongRolePage: (role: string) => `You're signed in as ${role.toUpperCase()}. Please use the general login page.`,
  unverified: "Please verify your e-mail address before signing in. Check your inbox for the link, or request a new one.",
  duplicateEmail: "An account with this e-mail already exists. Sign in or reset your password.",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
} as const;

/** Trims and lowercases, as both login pages do; the one rule for comparing e-mails. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const required = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`);
const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .transform(normalizeEmail)
  .pipe(z.email("Please enter a valid e-mail address"));
const passwordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(200, "Password is too long");

export const signInSchema = z.object({
  email: emailField,
  // The expert login trims the password; trimming everywhere keeps one rule.
  password: passwordField.transform((p) => p.trim()),
  portal: z.enum(["general", "client", "expert"]).default("general"),
});
export type SignInInput = z.infer<typeof signInSchema>;

const newPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(200, "Password is too long");

const baseRegistration = z.object({
  firstName: required("First name").max(100, "First name is too long"),
  lastName: required("Last name").max(100, "Last name is too long"),
  email: emailField,
  organization: required("Organization").max(200, "Organization is too long"),
  password: newPassword,
  confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
});

export const registerExpertSchema = baseRegistration
  .extend({
    role: z.enum(EXPERT_ROLE_TITLES, { error: "Role is required" }),
    countryCode: z.enum(COUNTRY_CODES, { error: "Country code is required" }).default("+1"),
    mobileNumber: required("Mobile number")
      .max(20, "Mobile number is too long")
      .regex(/^[0-9 ()+.-]{6,20}$/, "Please enter a valid mobile number"),
    city: required("City").max(100, "City is too long"),
    zipCode: required("ZIP code").regex(/^\d{5}(-\d{4})?$/, MESSAGES.zip),
    state: z.string().trim().max(50).optional(),
    privacyAgreement: z.literal(true, { error: MESSAGES.privacyRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: MESSAGES.passwordMismatch });
export type RegisterExpertInput = z.infer<typeof registerExpertSchema>;

export const registerClientSchema = baseRegistration
  .extend({ role: required("Role").max(100, "Role is too long") })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: MESSAGES.passwordMismatch });
export type RegisterClientInput = z.infer<typeof registerClientSchema>;

export const resetRequestSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(20, "This reset link is invalid").max(200, "This reset link is invalid"),
    password: newPassword,
    confirmPassword: z.string().min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: MESSAGES.passwordMismatch });

export const tokenSchema = z.object({ token: z.string().min(20).max(200) });
