import "server-only";
import { db } from "@/lib/platform/db";
import { PRIVACY_POLICY_VERSION } from "@/lib/accounts/constants";
import { nextIncompleteStep, profileCompleteness, type StepFlags } from "@/lib/accounts/onboarding-steps";
import type { ProfileStep } from "@/lib/accounts/constants";
import type { PaymentMethod, VerificationStatus } from "@/lib/generated/prisma/enums";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { signedInBeforeSql } from "@/lib/accounts/sessions";
import { AppError } from "@/lib/platform/errors";
import { lastAcceptedAt } from "@/lib/accounts/consents";
import { DEFAULT_TIME_ZONE } from "@/lib/vocabulary/time";

export type DashboardHeader = {
  firstName: string;
  /** Signed in before this session: greeted "Welcome back", else "Welcome". */
  returning: boolean;
  roleTitle: string | null;
  organizationName: string | null;
  hasExpertProfile: boolean;
  verificationStatus: VerificationStatus;
  completeness: number;
  firstIncompleteStep: ProfileStep | null;
  privacyPolicyVersion: string;
  privacyConsentAt: Date | null;
  /** The expert's profile zone: every time on the dashboard is shown in it. */
  timeZone: string;
  /** Where a cash out is paid (named in the Cash Out confirmation). */
  paymentMethod: PaymentMethod | null;
};

type HeaderRow = StepFlags & {
  firstName: string;
  returning: boolean;
  hasExpert: boolean;
  roleTitle: string | null;
  organizationName: string | null;
  verificationStatus: VerificationStatus | null;
  timeZone: string | null;
  preferredPaymentMethod: PaymentMethod | null;
};

/** Greeting, profile status and the privacy card's facts for the signed-in expert. */
export async function getDashboardHeader(actor: Actor): Promise<DashboardHeader> {
  requirePermission(actor, "update:expert:own");
  // One statement: the person, their expert row and whether they signed in before.
  const [rows, privacyConsentAt] = await Promise.all([
    db().$queryRaw<HeaderRow[]>`
      SELECT u.first_name AS "firstName", ${signedInBeforeSql(actor)} AS returning, e.user_id IS NOT NULL AS "hasExpert",
             e.role_title AS "roleTitle", e.organization_name AS "organizationName",
             e.verification_status::text AS "verificationStatus", e.time_zone AS "timeZone",
             e.preferred_payment_method::text AS "preferredPaymentMethod",
             e.step_basics AS "stepBasics", e.step_linkedin AS "stepLinkedin", e.step_expertise AS "stepExpertise",
             e.step_preferences AS "stepPreferences", e.step_payments AS "stepPayments", e.step_pulse AS "stepPulse"
      FROM users u LEFT JOIN experts e ON e.user_id = u.id
      WHERE u.id = ${actor.userId}::uuid`,
    lastAcceptedAt(actor.userId, "PRIVACY"),
  ]);
  const [row] = rows;
  if (!row) throw new AppError("NOT_FOUND", "User not found.");
  const expert = row.hasExpert ? row : null;
  return {
    firstName: row.firstName,
    returning: row.returning,
    roleTitle: expert?.roleTitle ?? null,
    organizationName: expert?.organizationName ?? null,
    hasExpertProfile: Boolean(expert),
    verificationStatus: expert?.verificationStatus ?? "pending",
    completeness: profileCompleteness(expert),
    firstIncompleteStep: nextIncompleteStep(expert),
    privacyPolicyVersion: PRIVACY_POLICY_VERSION,
    privacyConsentAt,
    timeZone: expert?.timeZone ?? DEFAULT_TIME_ZONE,
    paymentMethod: expert?.preferredPaymentMethod ?? null,
  };
}
