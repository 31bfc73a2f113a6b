import "server-only";
import { isOrganizationMember } from "@/lib/organizations/membership";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { EarningState } from "@/lib/generated/prisma/enums";
import { post, type Move } from "@/lib/money/ledger";
import { releaseReservation } from "@/lib/money/reservations";
import { releaseDueBonuses } from "@/lib/engagements/bonuses";
import { EARNING_NOT_FOUND, lockedEarning, pendingAccountOf, releaseMove } from "@/lib/money/earnings";
import { settleDonation } from "@/lib/money/donation-ledger";
import { noticeEngagement } from "@/lib/engagements/notices";

// A session's earning in quality review: released to Available when the client's window closes,
// or disputed by the client and resolved by an admin. Each step is one transaction that posts to
// the ledger (with a key, so a replay posts nothing), records the engagement's history and tells
// the parties.

/** Moves one earning from Pending QC to Available once its window has closed; false if it is not due (or not in review). */
export async function releaseEarning(earningId: string, now: Date = new Date()): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const e = await lockedEarning(tx, earningId);
    if (!e || e.state !== "pending_qc" || e.qcEndsAt > now) return false;
    await releaseLockedEarning(tx, e, now, null);
    await settleSurveyResponse(tx, e.engagementId, "completed", null, "auto_approved", "Not rejected within the review window", now);
    await noticeEngagement(tx, { engagementId: e.engagementId, kind: "released", to: "expert" });
    return true;
  }, LOCKED_TX_OPTIONS);
}

type LockedEarning = NonNullable<Awaited<ReturnType<typeof lockedEarning>>>;

/** Pending QC to Available, now: the window's end, or a client approving a survey response early. */
export async function releaseLockedEarning(tx: Tx, e: LockedEarning, now: Date, actorUserId: string | null) {
  const kind = e.donationLeaid ? "donation_released" : "qc_released";
  await post(tx, { key: `release:${e.id}`, kind, engagementId: e.engagementId, actorUserId, moves: [releaseMove(e)] });
  await tx.earning.update({ where: { id: e.id }, data: { state: "available", releasedAt: now } });
  if (e.donationLeaid) await settleDonation(tx, { earningId: e.id }, "payable", now);
}

/**
 * A survey response waits in "submitted" while its pay is in review: when the review ends, the
 * engagement ends with it (approved as completed, or rejected). Any other engagement is left as it is.
 */
async function settleSurveyResponse(
  tx: Tx,
  engagementId: string,
  to: "completed" | "rejected",
  actorUserId: string | null,
  kind: string,
  reason: string | null,
  now: Date,
) {
  const moved = await tx.engagement.updateMany({
    where: { id: engagementId, state: "submitted" },
    data: { state: to, ...(to === "completed" ? { completedAt: now } : {}) },
  });
  if (moved.count === 0) return;
  await tx.engagementEvent.create({
    data: { engagementId, actorUserId, actorSide: actorUserId ? "admin" : "system", kind, fromState: "submitted", toState: to, reason },
  });
  // The response's earning spent its reservation when it arrived; anything left goes back.
  await releaseReservation(tx, engagementId, now);
}

/**
 * Holds an earning in dispute with the client's reason, in the caller's transaction: the money
 * stays in Pending QC until an admin decides. The engagement's history records it as `kind`.
 */
export async function holdInDispute(
  tx: Tx,
  e: LockedEarning,
  input: { actorUserId: string; reason: string; now: Date; kind: "disputed" | "rejected" },
) {
  const { state } = await tx.engagement.findUniqueOrThrow({ where: { id: e.engagementId }, select: { state: true } });
  await tx.earning.update({ where: { id: e.id }, data: { state: "disputed", disputeReason: input.reason, disputedAt: input.now } });
  await tx.engagementEvent.create({
    data: {
      engagementId: e.engagementId,
      actorUserId: input.actorUserId,
      actorSide: "client",
      kind: input.kind,
      fromState: state,
      toState: state,
      reason: input.reason,
    },
  });
  await noticeEngagement(tx, { engagementId: e.engagementId, kind: input.kind, to: "expert", reason: input.reason });
}

/** Releases every earning whose window has closed (the 15-minute sweep behind the per-earning jobs, and the test clock). */
export async function releaseDueEarnings(now: Date = new Date()): Promise<number> {
  const due = await db().earning.findMany({
    where: { state: "pending_qc", qcEndsAt: { lte: now } },
    select: { id: true },
    orderBy: { qcEndsAt: "asc" },
    take: 500,
  });
  let released = 0;
  for (const { id } of due) if (await releaseEarning(id, now)) released++;
  // Bonuses sit in Pending QC like any earning and leave it in the same sweep.
  return released + (await releaseDueBonuses(now));
}

/**
 * A refund to the organization: what was billed comes off the receivable, what was paid from its
 * prepaid funds goes back into them.
 */
function refundMoves(e: {
  expertUserId: string;
  organizationId: string;
  amountCents: number;
  prepaidCents: number;
  donationLeaid: string | null;
}): Move[] {
  const billedCents = e.amountCents - e.prepaidCents;
  const from = pendingAccountOf(e);
  return [
    ...(billedCents > 0
      ? [{ debit: from, credit: { owner: e.organizationId, kind: "client_receivable" as const }, cents: billedCents }]
      : []),
    ...(e.prepaidCents > 0
      ? [{ debit: from, credit: { owner: e.organizationId, kind: "client_funds" as const }, cents: e.prepaidCents }]
      : []),
  ];
}

/** The client opens a dispute within the review window, with a reason: the money stays held until an admin decides. */
export async function openDispute(actor: Actor | null, earningId: string, reason: string, now: Date = new Date()) {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  requirePermission(actor, "manage:project:org");
  return db().$transaction(async (tx) => {
    const e = await lockedEarning(tx, earningId);
    if (!e || !isOrganizationMember(actor, e.organizationId, "manage:project:org")) throw EARNING_NOT_FOUND();
    if (e.state === "disputed") return { changed: false };
    if (e.state !== "pending_qc" || e.qcEndsAt <= now)
      throw new AppError("CONFLICT", "The quality review window for this session has closed.");
    await holdInDispute(tx, e, { actorUserId: actor.userId, reason, now, kind: "disputed" });
    return { changed: true };
  }, LOCKED_TX_OPTIONS);
}

/** An admin resolves a dispute to the expert (released to Available) or to the client (the receivable is reversed), with a note both see. */
export async function resolveDispute(
  actor: Actor | null,
  earningId: string,
  input: { for: "expert" | "client"; note: string },
  now: Date = new Date(),
) {
  requirePermission(actor, "manage:money:any");
  return db().$transaction(async (tx) => {
    const e = await lockedEarning(tx, earningId);
    if (!e) throw EARNING_NOT_FOUND();
    if (e.state !== "disputed") throw new AppError("CONFLICT", "This earning is not in dispute.");
    const toExpert = input.for === "expert";
    await post(tx, {
      key: `resolve:${e.id}`,
      kind: e.donationLeaid ? (toExpert ? "donation_released" : "donation_refunded") : toExpert ? "qc_released" : "dispute_refunded",
      engagementId: e.engagementId,
      actorUserId: actor.userId,
      memo: input.note,
      moves: toExpert ? [releaseMove(e)] : refundMoves(e),
    });
    await tx.earning.update({
      where: { id: e.id },
      data: {
        state: toExpert ? "available" : "refunded",
        resolvedFor: input.for,
        resolutionNote: input.note,
        resolvedAt: now,
        resolvedById: actor.userId,
        ...(toExpert ? { releasedAt: now } : {}),
      },
    });
    if (e.donationLeaid) await settleDonation(tx, { earningId: e.id }, toExpert ? "payable" : "refunded", now);
    const { state } = await tx.engagement.findUniqueOrThrow({ where: { id: e.engagementId }, select: { state: true } });
    await tx.engagementEvent.create({
      data: {
        engagementId: e.engagementId,
        actorUserId: actor.userId,
        actorSide: "admin",
        kind: toExpert ? "dispute_for_expert" : "dispute_for_client",
        fromState: state,
        toState: state,
        reason: input.note,
      },
    });
    await settleSurveyResponse(
      tx,
      e.engagementId,
      toExpert ? "completed" : "rejected",
      actor.userId,
      toExpert ? "approved" : "rejected_upheld",
      input.note,
      now,
    );
    for (const to of ["expert", "client"] as const)
      await noticeEngagement(tx, {
        engagementId: e.engagementId,
        kind: "dispute_resolved",
        to,
        reason: input.note,
        resolvedFor: input.for,
      });
    return { state: (toExpert ? "available" : "refunded") as EarningState };
  }, LOCKED_TX_OPTIONS);
}
