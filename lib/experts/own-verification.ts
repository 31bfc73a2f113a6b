import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { addBusinessDays } from "@/lib/platform/dates";
import { pendingVerificationsSince } from "@/lib/experts/admin-experts";
import { VERIFICATION_DUE_BUSINESS_DAYS } from "@/lib/experts/verification-rules";

/** An expert's own verification while it waits: by when the team promised to decide, and whether that has passed. */
export type PendingVerification = {
  /** When the wait began (the LinkedIn step, or an admin setting the profile back); null when no record says. */
  since: Date | null;
  /** The promise: VERIFICATION_DUE_BUSINESS_DAYS business days after `since`. */
  dueBy: Date | null;
  overdue: boolean;
};

/**
 * The signed-in expert's pending verification, or null when their profile is not waiting for one
 * (verified, rejected, or no profile). Read with the same clock the admins' list and digest use.
 */
export async function getOwnPendingVerification(actor: Actor, now: Date = new Date()): Promise<PendingVerification | null> {
  requirePermission(actor, "update:expert:own");
  const expert = await db().expert.findUnique({ where: { userId: actor.userId }, select: { id: true, verificationStatus: true } });
  if (!expert || expert.verificationStatus !== "pending") return null;
  const since = (await pendingVerificationsSince([expert.id])).get(expert.id) ?? null;
  const dueBy = since ? addBusinessDays(since, VERIFICATION_DUE_BUSINESS_DAYS) : null;
  return { since, dueBy, overdue: dueBy !== null && now > dueBy };
}
