import "server-only";
import { db, LOCKED_TX_OPTIONS } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import type { RequestMeta } from "@/lib/platform/request";
import type { EngagementState } from "@/lib/generated/prisma/enums";
import { lockedEngagement, recordEvent, releaseBookings, sideOf } from "@/lib/engagements/transitions";
import { mayTransition } from "@/lib/engagements/states";
import { noticeEngagement } from "@/lib/engagements/notices";
import { formatOf } from "@/lib/vocabulary/studies";

// Withdrawing consent: the expert may do it at any time, once. An engagement still running ends
// (cancelled, through the state table's withdraw_consent); one that already ended keeps its
// state. Nothing the expert earned is taken back: no earning is touched here, and a running
// engagement's reservation is given back by the state change as for any end. The client hears it
// (menu and e-mail), and the withdrawal row puts "withdrawn — delete this person's data" on the
// card and in the exports.

export const WITHDRAWN_REASON = "Withdrew consent to the study";

export type WithdrawResult = { engagementId: string; state: EngagementState; changed: boolean };

export async function withdrawConsent(
  actor: Actor | null,
  engagementId: string,
  meta?: RequestMeta | null,
  now: Date = new Date(),
): Promise<WithdrawResult> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  return db().$transaction(async (tx) => {
    const e = await lockedEngagement(tx, engagementId);
    if (!e) throw new AppError("NOT_FOUND", "Engagement not found");
    if (sideOf(actor, e) !== "expert") throw new AppError("FORBIDDEN", "Only the expert can withdraw their consent.");
    const already = await tx.consentWithdrawal.findUnique({ where: { engagementId: e.id }, select: { engagementId: true } });
    if (already) return { engagementId: e.id, state: e.state, changed: false };
    const signed = await tx.consentSignature.findFirst({ where: { engagementId: e.id }, select: { id: true } });
    if (!signed) throw new AppError("CONFLICT", "You have not signed a consent form for this study, so there is none to withdraw.");
    await tx.consentWithdrawal.create({
      data: { engagementId: e.id, withdrawnAt: now, ipAddress: meta?.ip ?? null, userAgent: meta?.userAgent?.slice(0, 500) ?? null },
    });
    const ends = mayTransition("withdraw_consent", e.state, e.origin, "expert", formatOf(e.project.projectType));
    const to: EngagementState = ends ? "cancelled" : e.state;
    if (ends) {
      await tx.engagement.update({
        where: { id: e.id },
        data: { state: "cancelled", cancelledById: actor.userId, cancelledAt: now, cancelReason: WITHDRAWN_REASON },
      });
      await releaseBookings(tx, e, now);
    }
    await recordEvent(tx, e, actor, "expert", "consent_withdrawn", e.state, to, WITHDRAWN_REASON);
    await noticeEngagement(tx, { engagementId: e.id, kind: "consent_withdrawn", to: "client", reason: e.participantId });
    return { engagementId: e.id, state: to, changed: true };
  }, LOCKED_TX_OPTIONS);
}
