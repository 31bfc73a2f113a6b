// The verification clock: how long an expert's pending verification may wait for an admin. The
// onboarding LinkedIn step quotes the promise; Admin › Experts and the admins' daily digest flag
// the verifications that have waited longer.
import { addBusinessDays, businessDaysBetween } from "@/lib/platform/dates";

/** A pending verification is decided within this many business days of the expert's LinkedIn step. */
export const VERIFICATION_DUE_BUSINESS_DAYS = 2;

/** The promise the clock keeps, in the product's own words (the LinkedIn step's help text). */
export const LINKEDIN_VERIFICATION_PROMISE = `LinkedIn verification takes 1-${VERIFICATION_DUE_BUSINESS_DAYS} business days`;

export type VerificationWait = { since: Date; businessDays: number; overdue: boolean };

/** How long a verification pending since `since` has waited at `now`, and whether it is past the promise. */
export function verificationWait(since: Date, now: Date): VerificationWait {
  return { since, businessDays: businessDaysBetween(since, now), overdue: now > addBusinessDays(since, VERIFICATION_DUE_BUSINESS_DAYS) };
}

/** "Waiting 3 business days" / "Waiting less than a business day". */
export const waitLabel = (w: VerificationWait) =>
  w.businessDays === 0 ? "Waiting less than a business day" : `Waiting ${w.businessDays} business ${w.businessDays === 1 ? "day" : "days"}`;
