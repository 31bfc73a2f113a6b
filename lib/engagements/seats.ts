import "server-only";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import type { JobPayload } from "@/lib/platform/jobs/payloads";
import { noticeEngagement } from "@/lib/engagements/notices";
import { reachableEngagements } from "@/lib/districts/approval-gate";
import type { SeatKind } from "@/lib/generated/prisma/enums";

// The places of a focus group's sessions: seats and backup seats taken first come, first served,
// and a waitlist whose first person is offered a seat that frees up, for a limited time. Every
// change to a session's places happens with its row locked, so two experts never get one seat.

/** How long a freed seat is held for the first person on the waitlist (never past the session's start). */
export const SEAT_OFFER_HOURS = 24;

export type PlaceRow = {
  id: string;
  engagementId: string;
  kind: SeatKind;
  number: number | null;
  offeredUntil: Date | null;
  createdAt: Date;
};

/** What every reader of a session takes from its row. */
export const studySessionSelect = {
  id: true,
  startsAt: true,
  endsAt: true,
  seats: true,
  backupSeats: true,
  meetingUrl: true,
  attendanceTakenAt: true,
  settledAt: true,
} as const;

/** What every reader of a place takes from its row. */
export const placeSelect = { id: true, engagementId: true, kind: true, number: true, offeredUntil: true, createdAt: true } as const;

/** The session's row, locked for the rest of the transaction. */
export async function lockStudySession(tx: Tx, id: string) {
  await tx.$queryRaw`SELECT id FROM study_sessions WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.studySession.findUnique({
    where: { id },
    select: {
      ...studySessionSelect,
      projectId: true,
      project: { select: { clientUserId: true, organizationId: true, status: true, backupFeeCents: true, title: true } },
    },
  });
}
export type LockedStudySession = NonNullable<Awaited<ReturnType<typeof lockStudySession>>>;

/** A session's places, the longest waiting first. */
export const placesIn = (tx: Tx, studySessionId: string): Promise<PlaceRow[]> =>
  tx.studySeat.findMany({
    where: { studySessionId },
    select: placeSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });

const liveOffer = (p: PlaceRow, now: Date) => p.kind === "waitlist" && !!p.offeredUntil && p.offeredUntil > now;

/**
 * What a session has left. A seat held for someone on the waitlist is not free to anyone else
 * until their offer ends. `exceptEngagementId`: the asking expert's own place does not count against them.
 */
export function seatCount(
  session: { seats: number; backupSeats: number },
  places: readonly PlaceRow[],
  now: Date,
  exceptEngagementId: string | null = null,
) {
  const others = places.filter((p) => p.engagementId !== exceptEngagementId);
  const seated = others.filter((p) => p.kind === "seat").length;
  const offers = others.filter((p) => liveOffer(p, now)).length;
  const backups = others.filter((p) => p.kind === "backup").length;
  return {
    seatsLeft: Math.max(0, session.seats - seated - offers),
    backupLeft: Math.max(0, session.backupSeats - backups),
    waiting: others.filter((p) => p.kind === "waitlist").length,
  };
}

/** The lowest seat number (1..total) nobody holds. */
export function freeNumber(total: number, places: readonly PlaceRow[], kind: "seat" | "backup"): number | null {
  const taken = new Set(places.filter((p) => p.kind === kind).map((p) => p.number));
  for (let n = 1; n <= total; n++) if (!taken.has(n)) return n;
  return null;
}

/** "Seat 3 of 6", "Backup seat 1 of 2": how both sides name a place. */
export const placeLabel = (kind: "seat" | "backup", number: number, session: { seats: number; backupSeats: number }) =>
  kind === "seat" ? `Seat ${number} of ${session.seats}` : `Backup seat ${number} of ${session.backupSeats}`;

const systemEvent = (tx: Tx, engagementId: string, kind: string, reason: string | null = null) =>
  tx.engagementEvent.create({
    data: { engagementId, actorUserId: null, actorSide: "system", kind, fromState: "accepted", toState: "accepted", reason },
  });

/**
 * Offers every seat the session has free to the people waiting longest who hold no offer yet,
 * each until SEAT_OFFER_HOURS from now or the session's start, whichever is first. The offer is
 * a notice and an e-mail, with a reminder half-way and its end on the job queue.
 */
export async function offerFreedSeats(tx: Tx, studySessionId: string, now: Date) {
  const session = await lockStudySession(tx, studySessionId);
  if (!session || session.startsAt <= now || session.attendanceTakenAt || session.project.status === "closed") return 0;
  const places = await placesIn(tx, studySessionId);
  const { seatsLeft } = seatCount(session, places, now);
  // A freed seat is offered only to people whose district has not closed the study to them.
  const open = await reachableEngagements(
    tx,
    session.projectId,
    places.map((p) => p.engagementId),
    now,
  );
  const waiting = places.filter((p) => p.kind === "waitlist" && !liveOffer(p, now) && open.has(p.engagementId));
  const until = new Date(Math.min(now.getTime() + SEAT_OFFER_HOURS * 3_600_000, session.startsAt.getTime()));
  const offered = waiting.slice(0, seatsLeft);
  for (const p of offered) {
    await tx.studySeat.update({ where: { id: p.id }, data: { offeredUntil: until } });
    const payload = (which: "reminder" | "expiry") => ({ seatId: p.id, which, offeredUntil: until.toISOString() });
    const halfway = new Date(now.getTime() + (until.getTime() - now.getTime()) / 2);
    if (until.getTime() - now.getTime() >= 2 * 3_600_000)
      await enqueueJob("seat-offer", payload("reminder"), { runAt: halfway, jobKey: `seat-offer:${p.id}:reminder`, maxAttempts: 5 }, tx);
    await enqueueJob("seat-offer", payload("expiry"), { runAt: until, jobKey: `seat-offer:${p.id}:expiry`, maxAttempts: 10 }, tx);
    await systemEvent(tx, p.engagementId, "seat_offered", "A seat freed up and is held for you");
    await noticeEngagement(tx, { engagementId: p.engagementId, kind: "seat_offered", to: "expert" });
  }
  return offered.length;
}

/**
 * The engagement gives up its place (it was cancelled, or the expert took a place elsewhere):
 * a seat it held, or a seat offered to it, goes to the next person waiting.
 */
export async function releasePlace(tx: Tx, engagementId: string, now: Date) {
  const place = await tx.studySeat.findUnique({
    where: { engagementId },
    select: { id: true, studySessionId: true, kind: true, offeredUntil: true },
  });
  if (!place) return;
  await tx.studySeat.delete({ where: { id: place.id } });
  if (place.kind === "seat" || (place.offeredUntil && place.offeredUntil > now)) await offerFreedSeats(tx, place.studySessionId, now);
}

/**
 * The offer's reminder or its end, if it is still the offer the job was queued for (the expert
 * may have taken the seat, let it go, or been offered anew). At its end the expert leaves the
 * waitlist and the seat is offered to the next person.
 */
export async function settleSeatOffer({ seatId, which, offeredUntil }: JobPayload<"seat-offer">, now: Date = new Date()): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const first = await tx.studySeat.findUnique({ where: { id: seatId }, select: { studySessionId: true } });
    if (!first) return false;
    await lockStudySession(tx, first.studySessionId);
    const seat = await tx.studySeat.findUnique({
      where: { id: seatId },
      select: { id: true, engagementId: true, studySessionId: true, kind: true, offeredUntil: true },
    });
    if (!seat || seat.kind !== "waitlist" || seat.offeredUntil?.toISOString() !== new Date(offeredUntil).toISOString()) return false;
    if (which === "reminder") {
      if (seat.offeredUntil <= now) return false;
      await noticeEngagement(tx, { engagementId: seat.engagementId, kind: "seat_offer_reminder", to: "expert" });
      return true;
    }
    if (seat.offeredUntil > now) return false;
    await noticeEngagement(tx, { engagementId: seat.engagementId, kind: "seat_offer_lapsed", to: "expert" });
    await tx.studySeat.delete({ where: { id: seat.id } });
    await systemEvent(tx, seat.engagementId, "seat_offer_lapsed", "The seat held for you was not taken in time");
    await offerFreedSeats(tx, seat.studySessionId, now);
    return true;
  }, LOCKED_TX_OPTIONS);
}

/** The sweep behind the offer jobs: any offer whose time is up ends now, so none waits on a lost job. */
export async function expireSeatOffers(now: Date = new Date()): Promise<number> {
  const due = await db().studySeat.findMany({
    where: { kind: "waitlist", offeredUntil: { lte: now } },
    select: { id: true, offeredUntil: true },
    take: 500,
  });
  let ended = 0;
  for (const s of due)
    if (await settleSeatOffer({ seatId: s.id, which: "expiry", offeredUntil: s.offeredUntil!.toISOString() }, now)) ended++;
  return ended;
}
