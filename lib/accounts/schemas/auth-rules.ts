import { PASSWORD_MIN_LENGTH } from "@/lib/accounts/constants";

// The sign-in and registration rules that need no zod: the browser forms import this module,
// so their bundles stay free of zod (lib/accounts/schemas/auth.ts holds the schemas).

// The role titles live in lib/vocabulary/roles; named here too so the sign-up forms' imports hold.
export { EXPERT_ROLE_TITLES, ROLE_TITLE_LABELS } from "@/lib/vocabulary/roles";

export const COUNTRY_CODES = [
  "+1",
  "+44",
  "+91",
  "+86",
  "+81",
  "+49",
  "+33",
  "+39",
  "+34",
  "+61",
  "+7",
  "+55",
  "+82",
  "+31",
  "+46",
  "+47",
  "+45",
  "+41",
  "+43",
  "+32",
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
