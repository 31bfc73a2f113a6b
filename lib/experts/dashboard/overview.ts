import "server-only";
import { db } from "@/lib/platform/db";
import { PRIVACY_POLICY_VERSION } from "@/lib/accounts/constants";
import { nextIncompleteStep, profileCompleteness } from "@/lib/accounts/onboarding-steps";
import type { ProfileStep } from "@/lib/accounts/constants";
import type { PaymentMethod, VerificationStatus } from "@/lib/generated/prisma/enums";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { signedInBefore } from "@/lib/accounts/sessions";
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

/** Greeting, profile status and the privacy card's facts for the signed-in expert. */
export async function getDashboardHeader(actor: Actor): Promise<DashboardHeader> {
  requirePermission(actor, "update:expert:own");
  const [user, privacyConsentAt, returning] = await Promise.all([
    db().user.findUniqueOrThrow({
      where: { id: actor.userId },
      select: {
        firstName: true,
        expert: {
          select: {
            roleTitle: true,
            organizationName: true,
            verificationStatus: true,
            timeZone: true,
            preferredPaymentMethod: true,
            stepBasics: true,
            stepLinkedin: true,
            stepExpertise: true,
            stepPreferences: true,
            stepPayments: true,
            stepPulse: true,
          },
        },
      },
    }),
    lastAcceptedAt(actor.userId, "PRIVACY"),
    signedInBefore(actor),
  ]);
  const expert = user.expert;
  return {
    firstName: user.firstName,
    returning,
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
