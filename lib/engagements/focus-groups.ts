import "server-only";
import { isOrganizationMember, orgScope } from "@/lib/organizations/membership";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { formatDateTime, formatMoney, fullName } from "@/lib/platform/format";
import { formatOf } from "@/lib/vocabulary/studies";
import type { EngagementState, SeatOutcome } from "@/lib/generated/prisma/enums";
import { bookEarning } from "@/lib/money/earnings";
import { releaseReservation } from "@/lib/money/reservations";
import { ATTENDANCE_CORRECTION_HOURS } from "@/lib/money/policy";
import {
  backupNotNeededStep,
  completeStep,
  earningFacts,
  endBySystem,
  lockedEngagement,
  NO_PROPOSAL,
  noShowStep,
  queueReminders,
  recordEvent,
  transition,
  transitionIn,
  type TransitionResult,
} from "@/lib/engagements/transitions";
import { planSessionMeeting } from "@/lib/engagements/meeting-links";
import { textEngagement } from "@/lib/engagements/session-texts";
import { noticeEngagement } from "@/lib/engagements/notices";
import {
  freeNumber,
  lockStudySession,
  placeSelect,
  placesIn,
  studySessionSelect,
  placeLabel,
  releasePlace,
  seatCount,
  type LockedStudySession,
  type PlaceRow,
} from "@/lib/engagements/seats";
import type { AttendanceMark, StudySessionInput } from "@/lib/engagements/schemas/focus-groups";
import type { PlaceView } from "@/lib/engagements/view-types";
import { requireStudyConsent } from "@/lib/engagements/consent/gate";

// A focus group from both sides: the client sets its sessions (a time, seats, backup seats and
// one meeting link); accepted experts take a seat, a backup seat, or wait in line; after the
// session the client records every seat's outcome on one screen. Seat changes go through the
// engagement state machine (take_seat, join_waitlist, leave_waitlist), so the history, the
// notices and the calendar file follow as for an interview.

/** How many sessions one focus group may offer. */
export const MAX_STUDY_SESSIONS = 12;

const SESSION_NOT_FOUND = () => new AppError("NOT_FOUND", "Session not found");
const STARTED = () => new AppError("CONFLICT", "This session has started, so its seats can no longer change.");
const CLOSED = () => new AppError("CONFLICT", "This project is closed, so no new seat can be taken.");

/** The client's own focus-group project, or not found (another client's project is not revealed). */
async function ownFocusGroup(tx: Tx, actor: Actor, projectId: string) {
  const project = await tx.project.findFirst({
    where: { id: projectId, ...orgScope(actor, "manage:project:org") },
    select: { id: true, projectType: true, status: true, estimatedDurationMinutes: true },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  if (formatOf(project.projectType) !== "focus_group") throw new AppError("CONFLICT", "Only a focus group has sessions with seats.");
  return project;
}

/** The session, locked, if it belongs to one of the actor's projects. */
async function ownSession(tx: Tx, actor: Actor, studySessionId: string): Promise<LockedStudySession> {
  const session = await lockStudySession(tx, studySessionId);
  if (!session || !isOrganizationMember(actor, session.project.organizationId, "manage:project:org")) throw SESSION_NOT_FOUND();
  return session;
}

// ───────────────────────────── the client's sessions ─────────────────────────────

/** The client adds a session; it lasts the study's length. */
export async function addStudySession(actor: Actor | null, projectId: string, input: StudySessionInput, now: Date = new Date()) {
  requirePermission(actor, "manage:project:org");
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM projects WHERE id = ${projectId}::uuid FOR UPDATE`;
    const project = await ownFocusGroup(tx, actor, projectId);
    if (project.status === "closed") throw new AppError("CONFLICT", "This project is closed, so no session can be added.");
    const created = await createStudySession(tx, project, input, now);
    // Whoever is accepted without a seat yet hears there is a new session to choose.
    const choosing = await tx.engagement.findMany({
      where: { projectId, state: "accepted", seat: null },
      select: { id: true, expert: { select: { timeZone: true } } },
    });
    for (const e of choosing)
      await noticeEngagement(tx, {
        engagementId: e.id,
        kind: "session_added",
        to: "expert",
        reason: formatDateTime(input.startsAt, e.expert.timeZone, { weekday: true }),
      });
    return created;
  }, LOCKED_TX_OPTIONS);
}

/** A new session of the project, in the caller's transaction (adding one, or a new focus group's first). */
export async function createStudySession(
  tx: Tx,
  project: { id: string; estimatedDurationMinutes: number },
  input: StudySessionInput,
  now: Date,
) {
  if (input.startsAt <= now)
    throw new AppError("BAD_REQUEST", "Choose a time in the future", { startsAt: ["Choose a time in the future"] });
  if ((await tx.studySession.count({ where: { projectId: project.id } })) >= MAX_STUDY_SESSIONS)
    throw new AppError("CONFLICT", `A focus group offers at most ${MAX_STUDY_SESSIONS} sessions.`);
  return tx.studySession.create({
    data: {
      projectId: project.id,
      startsAt: input.startsAt,
      endsAt: new Date(input.startsAt.getTime() + project.estimatedDurationMinutes * 60_000),
      seats: input.seats,
      backupSeats: input.backupSeats,
      meetingUrl: input.meetingUrl ?? null,
    },
    select: { id: true },
  });
}

/** A session nobody holds a place in can be removed; one with places cannot (people planned around it). */
export async function removeStudySession(actor: Actor | null, studySessionId: string) {
  requirePermission(actor, "manage:project:org");
  return db().$transaction(async (tx) => {
    await ownSession(tx, actor, studySessionId);
    if (await tx.studySeat.count({ where: { studySessionId } }))
      throw new AppError("CONFLICT", "Experts hold places in this session, so it cannot be removed.");
    await tx.studySession.delete({ where: { id: studySessionId } });
    await planSessionMeeting(tx, { kind: "study", id: studySessionId });
    return { removed: true };
  }, LOCKED_TX_OPTIONS);
}

/** One meeting link for the whole session: every seat-holder's calendar event is updated (same UID) and told. */
export async function setStudySessionMeetingLink(actor: Actor | null, studySessionId: string, meetingUrl: string) {
  requirePermission(actor, "manage:project:org");
  return db().$transaction(async (tx) => {
    const session = await ownSession(tx, actor, studySessionId);
    if (session.meetingUrl === meetingUrl) return { changed: false, told: 0 };
    await tx.studySession.update({ where: { id: studySessionId }, data: { meetingUrl } });
    // The client's own link wins over the meeting the product made.
    await planSessionMeeting(tx, { kind: "study", id: studySessionId });
    const holders = await tx.engagement.findMany({
      where: { seat: { studySessionId, kind: { in: ["seat", "backup"] } }, state: "scheduled" },
      select: { id: true, state: true, session: { select: { id: true } } },
    });
    for (const e of holders) {
      if (!e.session) continue;
      await tx.engagementSession.update({ where: { id: e.session.id }, data: { meetingUrl, sequence: { increment: 1 } } });
      await recordEvent(tx, e, actor, "client", "meeting_link", e.state, e.state);
      await noticeEngagement(tx, { engagementId: e.id, kind: "meeting_link", to: "expert" });
    }
    return { changed: true, told: holders.length };
  }, LOCKED_TX_OPTIONS);
}

// ───────────────────────────── the expert's place ─────────────────────────────

/** The session of the engagement's project, locked, and its places; a session of another project is not found. */
async function sessionForEngagement(tx: Tx, projectId: string, studySessionId: string, now: Date) {
  const session = await lockStudySession(tx, studySessionId);
  if (!session || session.projectId !== projectId) throw SESSION_NOT_FOUND();
  if (session.startsAt <= now || session.attendanceTakenAt) throw STARTED();
  return { session, places: await placesIn(tx, studySessionId) };
}

/**
 * The expert takes a seat (or a backup seat): a free one, or the one a waitlist offer holds for
 * them. Their engagement is then scheduled at the session's time with its meeting link; the
 * reminders, calendar file and cancel work as for any session. A place they held in another
 * session is given up (and offered on).
 */
export function takeSeat(
  actor: Actor | null,
  engagementId: string,
  choice: { studySessionId: string; kind: "seat" | "backup" },
  now: Date = new Date(),
): Promise<TransitionResult> {
  return transition(actor, engagementId, "take_seat", async (tx, e) => {
    await requireStudyConsent(tx, { projectId: e.projectId, expertId: e.expertId, engagementId: e.id });
    const { session, places } = await sessionForEngagement(tx, e.projectId, choice.studySessionId, now);
    const mine = await tx.studySeat.findUnique({ where: { engagementId: e.id }, select: { studySessionId: true, offeredUntil: true } });
    const offeredHere = mine?.studySessionId === session.id && !!mine.offeredUntil && mine.offeredUntil > now;
    // A closed study starts nothing new; a seat already held for this expert is still theirs to take.
    if (session.project.status === "closed" && !offeredHere) throw CLOSED();
    const left = seatCount(session, places, now, e.id);
    if (choice.kind === "seat" && !offeredHere && left.seatsLeft === 0)
      throw new AppError(
        "CONFLICT",
        "Every seat of this session is taken. Join its waitlist, and you are offered the first seat that frees up.",
      );
    if (choice.kind === "backup" && left.backupLeft === 0) throw new AppError("CONFLICT", "Every backup seat of this session is taken.");
    const others = places.filter((p) => p.engagementId !== e.id);
    const number = freeNumber(choice.kind === "seat" ? session.seats : session.backupSeats, others, choice.kind)!;
    if (mine && mine.studySessionId !== session.id) await releasePlace(tx, e.id, now);
    // One meeting for the whole session, made with its first seat (or already there).
    await planSessionMeeting(tx, { kind: "study", id: session.id });
    const { meetingUrl } = await tx.studySession.findUniqueOrThrow({ where: { id: session.id }, select: { meetingUrl: true } });
    await tx.studySeat.upsert({
      where: { engagementId: e.id },
      create: { engagementId: e.id, studySessionId: session.id, kind: choice.kind, number },
      update: { studySessionId: session.id, kind: choice.kind, number, offeredUntil: null },
    });
    const booked = await tx.engagementSession.upsert({
      where: { engagementId: e.id },
      create: { engagementId: e.id, startsAt: session.startsAt, endsAt: session.endsAt, meetingUrl, agreedAt: now },
      update: {
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        meetingUrl,
        slotId: null,
        agreedAt: now,
        ...NO_PROPOSAL,
        status: "scheduled",
        sequence: { increment: 1 },
      },
      select: { id: true, startsAt: true },
    });
    await queueReminders(tx, booked, now);
    await textEngagement(tx, { engagementId: e.id, kind: "scheduled", to: "expert" });
    const label = placeLabel(choice.kind, number, session);
    return { changed: true, event: { kind: "seated", reason: label }, notice: { kind: "seated", reason: label } };
  });
}

/** Every seat of the session is taken: the expert joins its waitlist (leaving any other session's). */
export function joinWaitlist(actor: Actor | null, engagementId: string, studySessionId: string, now: Date = new Date()) {
  return transition(actor, engagementId, "join_waitlist", async (tx, e) => {
    const { session, places } = await sessionForEngagement(tx, e.projectId, studySessionId, now);
    if (places.some((p) => p.engagementId === e.id)) return { changed: false };
    if (session.project.status === "closed") throw CLOSED();
    if (seatCount(session, places, now, e.id).seatsLeft > 0)
      throw new AppError("CONFLICT", "A seat is free in this session: take it instead of waiting.");
    await releasePlace(tx, e.id, now);
    await tx.studySeat.create({ data: { engagementId: e.id, studySessionId: session.id, kind: "waitlist" } });
    return { changed: true, event: { kind: "waitlisted" }, notice: { kind: "waitlisted" } };
  });
}

/** The expert leaves the waitlist; a seat held for them goes to the next person waiting. */
export function leaveWaitlist(actor: Actor | null, engagementId: string, now: Date = new Date()) {
  return transition(actor, engagementId, "leave_waitlist", async (tx, e) => {
    const mine = await tx.studySeat.findUnique({ where: { engagementId: e.id }, select: { kind: true, offeredUntil: true } });
    if (!mine || mine.kind !== "waitlist") return { changed: false };
    const offered = !!mine.offeredUntil && mine.offeredUntil > now;
    // The client hears while the waitlist row still names the session's time.
    await noticeEngagement(tx, { engagementId: e.id, kind: "left_waitlist", to: "client" });
    await releasePlace(tx, e.id, now);
    return { changed: true, event: { kind: "left_waitlist", reason: offered ? "Let the seat held for them go" : null } };
  });
}

// ───────────────────────────── attendance ─────────────────────────────

const ATTENDANCE_TRANSITION = { attended: "complete", not_needed: "complete", no_show: "no_show" } as const;
const CORRECTION_MS = ATTENDANCE_CORRECTION_HOURS * 3_600_000;

/** Until when the client may correct a session's attendance, or null before it is recorded. */
export const correctableUntil = (session: { attendanceTakenAt: Date | null }) =>
  session.attendanceTakenAt ? new Date(session.attendanceTakenAt.getTime() + CORRECTION_MS) : null;

/** The state a mark leaves the engagement in. */
const stateOfMark = (mark: SeatOutcome): "completed" | "no_show" => (mark === "no_show" ? "no_show" : "completed");

/** Why the marks cannot be recorded as given, or null. A backup seat may be "not needed"; a seat may not. */
export function attendanceRefusal(holders: { engagementId: string; kind: string }[], marks: AttendanceMark[]): string | null {
  const byId = new Map(marks.map((m) => [m.engagementId, m.outcome]));
  if (holders.some((h) => !byId.has(h.engagementId))) return "Mark every seat: attended or no-show.";
  for (const h of holders)
    if (h.kind === "seat" && byId.get(h.engagementId) === "not_needed") return "Only a backup seat can be not needed.";
  return null;
}

/**
 * After the session starts the client records every seat's outcome on one screen, in one
 * transaction: attended completes the engagement, a no-show ends it, and a backup seat not
 * needed completes it for the backup fee. Nothing is booked yet: each place's reservation stays
 * held while the client may correct the marks, and the pay follows the final marks when the
 * window closes (settleDueAttendance). Those still on the waitlist are told the session went
 * ahead without them. Marking an already-recorded session changes nothing.
 */
export async function recordAttendance(actor: Actor | null, studySessionId: string, marks: AttendanceMark[], now: Date = new Date()) {
  requirePermission(actor, "manage:project:org");
  return db().$transaction(async (tx) => {
    const session = await ownSession(tx, actor, studySessionId);
    if (session.startsAt > now) throw new AppError("CONFLICT", "The session has not started yet.");
    if (session.attendanceTakenAt) return { changed: false, recorded: 0 };
    const holders = await tx.studySeat.findMany({
      where: { studySessionId, kind: { in: ["seat", "backup"] }, engagement: { state: "scheduled" } },
      select: { engagementId: true, kind: true },
    });
    const refusal = attendanceRefusal(holders, marks);
    if (refusal) throw new AppError("BAD_REQUEST", refusal, { marks: [refusal] });
    const outcome = new Map(marks.map((m) => [m.engagementId, m.outcome]));
    const fee = formatMoney(session.project.backupFeeCents);
    for (const h of holders) {
      const mark = outcome.get(h.engagementId)!;
      // The mark first: the end of the engagement then keeps its reservation for the settlement.
      await tx.studySeat.update({ where: { engagementId: h.engagementId }, data: { outcome: mark } });
      const step =
        mark === "attended" ? completeStep(actor, now, false) : mark === "no_show" ? noShowStep(null, now) : backupNotNeededStep(now, fee);
      await transitionIn(tx, actor, h.engagementId, ATTENDANCE_TRANSITION[mark], step);
    }
    const reason = "The session took place without a free seat for you.";
    const waiting = await tx.engagement.findMany({
      where: { seat: { studySessionId, kind: "waitlist" }, state: "accepted" },
      select: { id: true, state: true },
    });
    for (const w of waiting) {
      await endBySystem(tx, w, { to: "cancelled", event: "session_held", notice: "waitlist_ended", reason, now });
      await tx.studySeat.delete({ where: { engagementId: w.id } });
    }
    await tx.studySession.update({ where: { id: studySessionId }, data: { attendanceTakenAt: now } });
    return { changed: true, recorded: holders.length };
  }, LOCKED_TX_OPTIONS);
}

/** A mark in the client's words, for the history line of a correction. */
export const OUTCOME_LABELS: Record<SeatOutcome, string> = { attended: "Attended", no_show: "No-show", not_needed: "Not needed" };

/**
 * The client corrects one place's attendance mark within ATTENDANCE_CORRECTION_HOURS of
 * recording it: the engagement moves between completed and no-show, the change is in its history
 * and the expert is told. No money moves: the pay is booked from the final mark when the window
 * closes. The same mark again changes nothing.
 */
export async function correctAttendance(actor: Actor | null, engagementId: string, mark: SeatOutcome, now: Date = new Date()) {
  requirePermission(actor, "manage:project:org");
  return db().$transaction(async (tx) => {
    // The session first, as the settlement locks it, then the engagement (transitionIn).
    const place = await tx.studySeat.findUnique({ where: { engagementId }, select: { studySessionId: true } });
    if (!place) throw new AppError("NOT_FOUND", "Engagement not found");
    const session = await ownSession(tx, actor, place.studySessionId);
    return transitionIn(tx, actor, engagementId, "correct_attendance", async (tx, e) => {
      const seat = await tx.studySeat.findUniqueOrThrow({ where: { engagementId: e.id }, select: { kind: true, outcome: true } });
      const until = correctableUntil(session);
      if (!seat.outcome || !until || (seat.kind !== "seat" && seat.kind !== "backup"))
        throw new AppError("CONFLICT", "Attendance for this place has not been recorded, so there is nothing to correct.");
      if (session.settledAt || now >= until)
        throw new AppError(
          "CONFLICT",
          `Attendance can be corrected for ${ATTENDANCE_CORRECTION_HOURS} hours after it is recorded; that window has closed.`,
        );
      if (seat.kind === "seat" && mark === "not_needed")
        throw new AppError("BAD_REQUEST", "Only a backup seat can be not needed.", { outcome: ["Only a backup seat can be not needed."] });
      if (seat.outcome === mark) return { changed: false };
      const to = stateOfMark(mark);
      await tx.studySeat.update({ where: { engagementId: e.id }, data: { outcome: mark } });
      await tx.engagement.update({ where: { id: e.id }, data: { completedAt: to === "completed" ? now : null } });
      if (e.session) await tx.engagementSession.update({ where: { id: e.session.id }, data: { status: to } });
      const change = `${OUTCOME_LABELS[seat.outcome]} → ${OUTCOME_LABELS[mark]}`;
      return {
        changed: true,
        state: to,
        event: { kind: "attendance_corrected", reason: change },
        notice: { kind: "attendance_corrected", reason: change },
      };
    });
  }, LOCKED_TX_OPTIONS);
}

/**
 * Books one marked place's pay from its final mark, in the caller's transaction (the session and
 * the engagement locked): attended pays the incentive, a backup seat not needed its backup fee,
 * and a no-show nothing; whatever the reservation held beyond that goes back. Booking is keyed by
 * the engagement, so settling twice books once.
 */
export async function settlePlace(tx: Tx, engagementId: string, mark: SeatOutcome, backupFeeCents: number, now: Date) {
  const e = await lockedEngagement(tx, engagementId);
  if (!e) return;
  if (mark === "attended") await bookEarning(tx, earningFacts(e), { kind: "session", now, actorUserId: null });
  if (mark === "not_needed") await bookEarning(tx, earningFacts(e), { kind: "backup_fee", cents: backupFeeCents, now, actorUserId: null });
  await releaseReservation(tx, e.id, now);
}

/**
 * When a session's correction window has closed, each marked place is paid from its final mark
 * and the session is settled. A place whose expert reported that the client missed the session
 * waits for the admin's decision, which settles it (lib/engagements/no-show-claims.ts).
 */
export async function settleAttendance(studySessionId: string, now: Date = new Date()): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const session = await lockStudySession(tx, studySessionId);
    const until = session && correctableUntil(session);
    if (!session || !until || session.settledAt || until > now) return false;
    const places = await tx.studySeat.findMany({
      where: {
        studySessionId,
        outcome: { not: null },
        engagement: { OR: [{ noShowClaim: null }, { noShowClaim: { state: { not: "open" } } }] },
      },
      select: { engagementId: true, outcome: true },
    });
    for (const p of places) await settlePlace(tx, p.engagementId, p.outcome!, session.project.backupFeeCents, now);
    await tx.studySession.update({ where: { id: studySessionId }, data: { settledAt: now } });
    return true;
  }, LOCKED_TX_OPTIONS);
}

/** Settles every session whose correction window has closed (the sweep of settle-due-money). */
export async function settleDueAttendance(now: Date = new Date()): Promise<number> {
  const due = await db().studySession.findMany({
    where: { settledAt: null, attendanceTakenAt: { lte: new Date(now.getTime() - CORRECTION_MS) } },
    select: { id: true },
    orderBy: { attendanceTakenAt: "asc" },
    take: 200,
  });
  let settled = 0;
  for (const { id } of due) if (await settleAttendance(id, now)) settled++;
  return settled;
}

// ───────────────────────────── reading ─────────────────────────────

export type StudySessionView = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  seats: number;
  backupSeats: number;
  meetingUrl: string | null;
  attendanceTakenAt: Date | null;
  settledAt: Date | null;
  seatsLeft: number;
  backupLeft: number;
  seated: number;
  backups: number;
  waiting: number;
};

function toSessionView(
  s: {
    id: string;
    startsAt: Date;
    endsAt: Date;
    seats: number;
    backupSeats: number;
    meetingUrl: string | null;
    attendanceTakenAt: Date | null;
    settledAt: Date | null;
    places: PlaceRow[];
  },
  now: Date,
): StudySessionView {
  const { places, ...rest } = s;
  const left = seatCount(s, places, now);
  return {
    ...rest,
    ...left,
    seated: places.filter((p) => p.kind === "seat").length,
    backups: places.filter((p) => p.kind === "backup").length,
  };
}

/** The sessions of focus groups, soonest first, with what each has left (for both sides' pages). */
export async function studySessionsOf(projectIds: string[], now: Date = new Date()): Promise<Map<string, StudySessionView[]>> {
  const out = new Map<string, StudySessionView[]>();
  if (projectIds.length === 0) return out;
  const rows = await db().studySession.findMany({
    where: { projectId: { in: projectIds } },
    orderBy: { startsAt: "asc" },
    select: {
      ...studySessionSelect,
      projectId: true,
      places: { select: placeSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  for (const { projectId, ...s } of rows) out.set(projectId, [...(out.get(projectId) ?? []), toSessionView(s, now)]);
  return out;
}

/** The places of these engagements, by engagement id. */
export async function placesOf(engagementIds: string[], now: Date = new Date()): Promise<Map<string, PlaceView>> {
  const out = new Map<string, PlaceView>();
  if (engagementIds.length === 0) return out;
  const mine = await db().studySeat.findMany({
    where: { engagementId: { in: engagementIds } },
    select: {
      ...placeSelect,
      session: {
        select: {
          id: true,
          startsAt: true,
          seats: true,
          backupSeats: true,
          places: { where: { kind: "waitlist" }, select: { engagementId: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
        },
      },
    },
  });
  for (const p of mine) {
    const position = p.kind === "waitlist" ? p.session.places.findIndex((w) => w.engagementId === p.engagementId) + 1 : null;
    const offeredUntil = p.offeredUntil && p.offeredUntil > now ? p.offeredUntil : null;
    out.set(p.engagementId, {
      studySessionId: p.session.id,
      startsAt: p.session.startsAt,
      kind: p.kind,
      label: p.kind === "waitlist" ? `On the waitlist (${ordinal(position!)})` : placeLabel(p.kind, p.number!, p.session),
      position,
      offeredUntil,
    });
  }
  return out;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** A recorded seat's outcome in words; null while the seat is still scheduled. */
function outcomeOf(state: EngagementState, mark: SeatOutcome | null, earningKind: string | null): string | null {
  if (state === "completed" && mark) return mark === "not_needed" ? "Not needed (backup fee)" : "Attended";
  if (state === "completed") return earningKind === "backup_fee" ? "Not needed (backup fee paid)" : "Attended";
  if (state === "no_show") return "No-show";
  if (state === "cancelled") return "Cancelled";
  return null;
}

export type AttendanceSheet = {
  session: StudySessionView;
  project: { id: string; title: string; backupFeeCents: number };
  /** Until when the client may still correct the recorded marks; null before they are recorded and once the window has closed. */
  correctableUntil: Date | null;
  holders: {
    engagementId: string;
    expertName: string;
    kind: "seat" | "backup";
    label: string;
    state: EngagementState;
    /** How the session ended for this seat, once recorded: "Attended", "No-show", "Not needed (backup fee paid)". */
    outcome: string | null;
    /** The client's mark, once recorded (what a correction starts from). */
    mark: SeatOutcome | null;
    /** What the place is paid unless it is marked a no-show: a seat's incentive, a backup seat's fee (0 when the expert declined payment). */
    payCents: number;
  }[];
  waiting: { engagementId: string; expertName: string }[];
};

/** The attendance screen: the session and everyone who holds or waits for a place in it, for the project's owner. */
export async function attendanceSheet(actor: Actor | null, studySessionId: string, now: Date = new Date()): Promise<AttendanceSheet> {
  requirePermission(actor, "read:project:org");
  const s = await db().studySession.findFirst({
    where: { id: studySessionId, project: orgScope(actor, "read:project:org") },
    select: {
      ...studySessionSelect,
      project: { select: { id: true, title: true, backupFeeCents: true } },
      places: {
        select: {
          ...placeSelect,
          outcome: true,
          engagement: {
            select: {
              state: true,
              incentiveCents: true,
              declinePayment: true,
              earning: { select: { kind: true } },
              expert: { select: { user: { select: { firstName: true, lastName: true } } } },
            },
          },
        },
        orderBy: [{ kind: "asc" }, { number: "asc" }, { createdAt: "asc" }],
      },
    },
  });
  if (!s) throw SESSION_NOT_FOUND();
  const { project, places, ...session } = s;
  const name = (p: (typeof places)[number]) => fullName(p.engagement.expert.user.firstName, p.engagement.expert.user.lastName);
  const until = correctableUntil(session);
  return {
    session: toSessionView({ ...session, places }, now),
    project,
    correctableUntil: until && !session.settledAt && until > now ? until : null,
    holders: places.flatMap((p) =>
      p.kind === "waitlist"
        ? []
        : [
            {
              engagementId: p.engagementId,
              expertName: name(p),
              kind: p.kind,
              label: placeLabel(p.kind, p.number!, s),
              state: p.engagement.state,
              outcome: outcomeOf(p.engagement.state, p.outcome, p.engagement.earning?.kind ?? null),
              mark: p.outcome,
              payCents: p.engagement.declinePayment ? 0 : p.kind === "backup" ? project.backupFeeCents : p.engagement.incentiveCents,
            },
          ],
    ),
    waiting: places.filter((p) => p.kind === "waitlist").map((p) => ({ engagementId: p.engagementId, expertName: name(p) })),
  };
}
