import "server-only";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { fullName } from "@/lib/platform/format";
import { organizationName, organizationNameSelect } from "@/lib/organizations/membership";
import { formatOf } from "@/lib/vocabulary/studies";
import { bookEarning, lockedEarning } from "@/lib/money/earnings";
import { releaseReservation } from "@/lib/money/reservations";
import { clientNoShowFeeCents, NO_SHOW_CLAIM_DAYS } from "@/lib/money/policy";
import { releaseLockedEarning } from "@/lib/engagements/earnings-review";
import { noticeEngagement } from "@/lib/engagements/notices";
import { settlePlace } from "@/lib/engagements/focus-groups";
import { earningFacts, endSession, lockedEngagement, recordEvent, sideOf, type Locked } from "@/lib/engagements/transitions";

// A client no-show is decided by the client's record or by an admin, never by the expert's word
// alone. An expert who believes the client did not run a session reports it with a reason; the
// report books nothing and holds the session's pay where it is (no 7-day completion, no focus-group
// settlement) until an admin reads both sides. The admin's decision for the expert books the
// client no-show fee (a backup seat's: its backup fee) through the earnings functions and makes it
// Available at once, as a decided dispute is; for the client it books nothing by itself, and the
// client's own record then settles the pay.

const CLAIM_WINDOW_MS = NO_SHOW_CLAIM_DAYS * 86_400_000;
const NOT_FOUND = () => new AppError("NOT_FOUND", "Report not found");

/** Why the expert cannot report this engagement's session now, or null. */
function claimRefusal(e: Locked, now: Date): string | null {
  if (formatOf(e.project.projectType) === "survey") return "A survey has no session to miss.";
  if (!e.session || e.session.startsAt > now) return "The session has not started yet.";
  if (e.state === "completed") return "The client recorded that you attended, so this session is paid as completed.";
  if (e.state !== "scheduled" && e.state !== "no_show") return "This engagement has no session to report.";
  if (!e.session.agreedAt) return "This time was never agreed by both sides, so a missed session earns no fee.";
  if (now.getTime() - e.session.startsAt.getTime() > CLAIM_WINDOW_MS)
    return `A missed session can be reported for ${NO_SHOW_CLAIM_DAYS} days after it starts; that time has passed.`;
  return null;
}

/**
 * The expert reports, with a reason, that the client did not run a session that has started.
 * Nothing is booked and the engagement's state stays as the client recorded it (or scheduled):
 * the client is told, and an admin decides. Reporting again changes nothing.
 */
export async function reportClientNoShow(actor: Actor | null, engagementId: string, reason: string, now: Date = new Date()) {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  return db().$transaction(async (tx) => {
    const e = await lockedEngagement(tx, engagementId);
    if (!e) throw new AppError("NOT_FOUND", "Engagement not found");
    if (sideOf(actor, e) !== "expert")
      throw new AppError("FORBIDDEN", "Only the expert can report that the client did not attend; the client records attendance.");
    if (await tx.noShowClaim.findUnique({ where: { engagementId: e.id }, select: { id: true } })) return { changed: false };
    const refusal = claimRefusal(e, now);
    if (refusal) throw new AppError("CONFLICT", refusal);
    await tx.noShowClaim.create({
      data: { engagementId: e.id, expertUserId: actor.userId, organizationId: e.organizationId, reason, openedAt: now },
    });
    await recordEvent(tx, e, actor, "expert", "client_no_show_reported", e.state, e.state, reason);
    await noticeEngagement(tx, { engagementId: e.id, kind: "client_no_show_reported", to: "client", reason });
    return { changed: true };
  }, LOCKED_TX_OPTIONS);
}

/** The fee an upheld report books: a backup seat was only ever promised its backup fee. */
async function bookClientNoShowFee(tx: Tx, e: Locked, actor: Actor, now: Date) {
  // The client's own record already paid the session (marked attended): that pay stands, in its review.
  if (await tx.earning.findUnique({ where: { engagementId: e.id }, select: { id: true } })) return;
  const place = await tx.studySeat.findUnique({
    where: { engagementId: e.id },
    select: { kind: true, session: { select: { project: { select: { backupFeeCents: true } } } } },
  });
  const facts = earningFacts(e);
  const earning =
    place?.kind === "backup"
      ? await bookEarning(tx, facts, { kind: "backup_fee", cents: place.session.project.backupFeeCents, now, actorUserId: actor.userId })
      : await bookEarning(tx, facts, { kind: "client_no_show_fee", now, actorUserId: actor.userId });
  if (!earning) return;
  // Decided by an admin who read both sides: there is no further review to wait for.
  const locked = await lockedEarning(tx, earning.id);
  if (locked?.state === "pending_qc") await releaseLockedEarning(tx, locked, now, actor.userId);
}

/**
 * An admin decides an expert's report, with a note both sides read. For the expert: the client
 * no-show fee is booked and Available at once, and a session still scheduled ends as a no-show.
 * For the client: nothing is booked; a focus-group place already past its correction window is
 * paid from the client's mark. Deciding twice is refused.
 */
export async function resolveNoShowClaim(
  actor: Actor | null,
  claimId: string,
  input: { for: "expert" | "client"; note: string },
  now: Date = new Date(),
) {
  requirePermission(actor, "manage:money:any");
  return db().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ engagement_id: string; state: string }[]>`
      SELECT engagement_id, state::text FROM no_show_claims WHERE id = ${claimId}::uuid FOR UPDATE`;
    if (!rows[0]) throw NOT_FOUND();
    if (rows[0].state !== "open") throw new AppError("CONFLICT", "This report has already been decided.");
    const e = (await lockedEngagement(tx, rows[0].engagement_id))!;
    const upheld = input.for === "expert";
    const place = await tx.studySeat.findUnique({
      where: { engagementId: e.id },
      select: { outcome: true, session: { select: { settledAt: true, project: { select: { backupFeeCents: true } } } } },
    });
    // A focus-group place still in its correction window is paid by the settlement when it closes.
    const awaitingSettlement = !!place?.outcome && !place.session.settledAt;
    if (upheld) {
      await bookClientNoShowFee(tx, e, actor, now);
      if (e.state === "scheduled" && e.session) {
        await endSession(tx, e.session, "no_show");
        await tx.engagement.update({ where: { id: e.id }, data: { state: "no_show" } });
        await recordEvent(tx, e, actor, "admin", "client_no_show", e.state, "no_show", input.note);
      } else if (!awaitingSettlement) await releaseReservation(tx, e.id, now);
    } else if (place?.outcome && place.session.settledAt) {
      // The settlement skipped this place while the report was open: the client's mark pays it now.
      await settlePlace(tx, e.id, place.outcome, place.session.project.backupFeeCents, now);
    }
    await tx.noShowClaim.update({
      where: { id: claimId },
      data: { state: upheld ? "upheld" : "dismissed", resolvedAt: now, resolvedById: actor.userId, resolutionNote: input.note },
    });
    const { state } = await tx.engagement.findUniqueOrThrow({ where: { id: e.id }, select: { state: true } });
    await tx.engagementEvent.create({
      data: {
        engagementId: e.id,
        actorUserId: actor.userId,
        actorSide: "admin",
        kind: upheld ? "no_show_report_upheld" : "no_show_report_dismissed",
        fromState: state,
        toState: state,
        reason: input.note,
      },
    });
    for (const to of ["expert", "client"] as const)
      await noticeEngagement(tx, { engagementId: e.id, kind: "no_show_report_resolved", to, reason: input.note, resolvedFor: input.for });
    return { state: upheld ? ("upheld" as const) : ("dismissed" as const) };
  }, LOCKED_TX_OPTIONS);
}

export type NoShowClaimView = {
  id: string;
  engagementId: string;
  reason: string;
  openedAt: Date;
  projectTitle: string;
  organizationName: string;
  expertName: string;
  sessionStartsAt: Date | null;
  /** The client's record of the session: its engagement state in words. */
  clientRecord: string;
  /** What an upheld report books: the client no-show fee, or a backup seat's backup fee. */
  feeCents: number;
};

/** Reports waiting for an admin, oldest first. */
export async function listOpenNoShowClaims(actor: Actor | null): Promise<NoShowClaimView[]> {
  requirePermission(actor, "manage:money:any");
  const rows = await db().noShowClaim.findMany({
    where: { state: "open" },
    orderBy: { openedAt: "asc" },
    take: 200,
    select: {
      id: true,
      engagementId: true,
      reason: true,
      openedAt: true,
      engagement: {
        select: {
          state: true,
          incentiveCents: true,
          seat: { select: { kind: true } },
          session: { select: { startsAt: true } },
          project: { select: { title: true, backupFeeCents: true, ...organizationNameSelect } },
          expert: { select: { user: { select: { firstName: true, lastName: true } } } },
        },
      },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    engagementId: r.engagementId,
    reason: r.reason,
    openedAt: r.openedAt,
    projectTitle: r.engagement.project.title,
    organizationName: organizationName(r.engagement.project),
    expertName: fullName(r.engagement.expert.user.firstName, r.engagement.expert.user.lastName),
    sessionStartsAt: r.engagement.session?.startsAt ?? null,
    clientRecord: CLIENT_RECORD[r.engagement.state] ?? "Nothing recorded",
    feeCents:
      r.engagement.seat?.kind === "backup" ? r.engagement.project.backupFeeCents : clientNoShowFeeCents(r.engagement.incentiveCents),
  }));
}

const CLIENT_RECORD: Partial<Record<string, string>> = {
  scheduled: "Not recorded yet",
  completed: "Attended",
  no_show: "Expert marked a no-show",
};

/** The expert's own report on an engagement, if any (their dashboard card shows its state). */
export async function noShowClaimsOf(engagementIds: string[]) {
  if (engagementIds.length === 0) return new Map<string, "open" | "upheld" | "dismissed">();
  const rows = await db().noShowClaim.findMany({
    where: { engagementId: { in: engagementIds } },
    select: { engagementId: true, state: true },
  });
  return new Map(rows.map((r) => [r.engagementId, r.state]));
}
