import { z } from "../../platform/validation/zod";
import { PASSWORD_MIN_LENGTH } from "@/lib/accounts/constants";
import { COUNTRY_CODES, EXPERT_ROLE_TITLES, MESSAGES, normalizeEmail } from "@/lib/accounts/schemas/auth-rules";

// The schemas of registration and sign-in, for server actions and the server; the constants
// they share with the browser forms live in lib/accounts/schemas/auth-rules.ts.

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);
const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .transform(normalizeEmail)
  .pipe(z.email("Please enter a valid e-mail address"));
const passwordField = z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long");

export const signInSchema = z.object({
  email: emailField,
  // The expert login trims the password; trimming everywhere keeps one rule.
  password: passwordField.transform((p) => p.trim()),
  portal: z.enum(["general", "client", "expert"]).default("general"),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const newPasswordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(200, "Password is too long");

const baseRegistration = z.object({
  firstName: required("First name").max(100, "First name is too long"),
  lastName: required("Last name").max(100, "Last name is too long"),
  email: emailField,
  organization: required("Organization").max(200, "Organization is too long"),
  password: newPasswordField,
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
    password: newPasswordField,
    confirmPassword: z.string().min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: MESSAGES.passwordMismatch });
