// Business constants, one home each.
import { POLICY_VERSIONS } from "@/lib/accounts/policy-versions";

/** The current version of each policy (PRIVACY, TERMS, PAYMENT are 1.0), from the policy table. */
export const CONSENT_VERSIONS = {
  PRIVACY: POLICY_VERSIONS.PRIVACY.version,
  TERMS: POLICY_VERSIONS.TERMS.version,
  PAYMENT: POLICY_VERSIONS.PAYMENT.version,
  EXPERT_AGREEMENT: POLICY_VERSIONS.EXPERT_AGREEMENT.version,
} as const;
export const PRIVACY_POLICY_VERSION = CONSENT_VERSIONS.PRIVACY;

export const ROLE_HOME = { admin: "/admin", client: "/client/dashboard", expert: "/dashboard" } as const;
export type AppRole = keyof typeof ROLE_HOME;

/** A user with several roles lands on the most capable one's home. */
export const ROLE_PRIORITY: AppRole[] = ["admin", "client", "expert"];

export const LOGIN_REDIRECT_DELAY_MS = 1_000;
export const PERSONA_SWITCH_DELAY_MS = 1_000;
export const LINKEDIN_FETCH_DELAY_MS = 2_000;

/** Either party may end the terms on this many days' written notice. */
export const TERMINATION_NOTICE_DAYS = 30;

/** Trending Research Topics read the projects created this many days back. */
export const TRENDING_WINDOW_DAYS = 90;

export const PROFILE_STEPS = ["basics", "linkedin", "expertise", "preferences", "payments", "pulse"] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];

export const SIGN_IN_WINDOW_MINUTES = 15;
export const SIGN_IN_MAX_PER_EMAIL = 10;
export const SIGN_IN_MAX_PER_IP = 30;

export const EMAIL_VERIFICATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const PASSWORD_MIN_LENGTH = 8;

export const DEMO_PASSWORD = "DemoPass!2026";
export const DEMO_ACCOUNTS = {
  admin: "admin@example.com",
  client: "client@example.com",
  expert: "expert@example.com",
} as const;
