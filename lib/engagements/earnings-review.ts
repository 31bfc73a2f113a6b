import "server-only";
import { db, LOCKED_TX_OPTIONS } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { EarningState } from "@/lib/generated/prisma/enums";
import { post } from "@/lib/money/ledger";
import { EARNING_NOT_FOUND, lockedEarning, releaseMove } from "@/lib/money/earnings";
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
    await post(tx, { key: `release:${e.id}`, kind: "qc_released", engagementId: e.engagementId, moves: [releaseMove(e)] });
    await tx.earning.update({ where: { id: e.id }, data: { state: "available", releasedAt: now } });
    await noticeEngagement(tx, { engagementId: e.engagementId, kind: "released", to: "expert" });
    return true;
  }, LOCKED_TX_OPTIONS);
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
  return released;
}

/** The client opens a dispute within the review window, with a reason: the money stays held until an admin decides. */
export async function openDispute(actor: Actor | null, earningId: string, reason: string, now: Date = new Date()) {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  requirePermission(actor, "manage:project:own");
  return db().$transaction(async (tx) => {
    const e = await lockedEarning(tx, earningId);
    if (!e || e.clientUserId !== actor.userId) throw EARNING_NOT_FOUND();
    if (e.state === "disputed") return { changed: false };
    if (e.state !== "pending_qc" || e.qcEndsAt <= now)
      throw new AppError("CONFLICT", "The quality review window for this session has closed.");
    await tx.earning.update({ where: { id: e.id }, data: { state: "disputed", disputeReason: reason, disputedAt: now } });
    await tx.engagementEvent.create({
      data: {
        engagementId: e.engagementId,
        actorUserId: actor.userId,
        actorSide: "client",
        kind: "disputed",
        fromState: "completed",
        toState: "completed",
        reason,
      },
    });
    await noticeEngagement(tx, { engagementId: e.engagementId, kind: "disputed", to: "expert", reason });
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
      kind: toExpert ? "qc_released" : "dispute_refunded",
      engagementId: e.engagementId,
      actorUserId: actor.userId,
      memo: input.note,
      moves: [
        toExpert
          ? releaseMove(e)
          : {
              debit: { owner: e.expertUserId, kind: "expert_pending_qc" },
              credit: { owner: e.clientUserId, kind: "client_receivable" },
              cents: e.amountCents,
            },
      ],
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
    await tx.engagementEvent.create({
      data: {
        engagementId: e.engagementId,
        actorUserId: actor.userId,
        actorSide: "admin",
        kind: toExpert ? "dispute_for_expert" : "dispute_for_client",
        fromState: "completed",
        toState: "completed",
        reason: input.note,
      },
    });
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
