// Focus groups against a real PostgreSQL: seats taken first come, first served (never one seat
// twice, even at once), backup seats, a waitlist whose first person is offered a freed seat for a
// limited time, and one screen of attendance that pays attended seats, the backup fee and nothing
// for a no-show, in balanced ledger transactions.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/platform/db";
import { isAppError } from "@/lib/platform/errors";
import {
  acceptEngagement,
  cancelEngagement,
  completeOverdueSessions,
  inviteExpert,
  markNoShow,
  scheduleEngagement,
} from "@/lib/engagements/transitions";
import { reportClientNoShow, resolveNoShowClaim } from "@/lib/engagements/no-show-claims";
import {
  addStudySession,
  attendanceSheet,
  correctAttendance,
  joinWaitlist,
  leaveWaitlist,
  placesOf,
  recordAttendance,
  removeStudySession,
  settleAttendance,
  settleDueAttendance,
  setStudySessionMeetingLink,
  studySessionsOf,
  takeSeat,
} from "@/lib/engagements/focus-groups";
import { expireSeatOffers, SEAT_OFFER_HOURS, settleSeatOffer } from "@/lib/engagements/seats";
import { ATTENDANCE_CORRECTION_HOURS } from "@/lib/money/policy";
import { ledgerDrift } from "@/lib/money/ledger";
import { updateProject } from "@/lib/projects/projects";
import { actorFor, createAdmin, createExpert } from "../factories";
import { createStudy } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const HOUR = 3_600_000;

const errorOf = async (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e) => {
      if (isAppError(e)) return e;
      throw e;
    },
  );

async function focusGroup(opts: { seats?: number; backupSeats?: number; backupFee?: number; startsInHours?: number } = {}) {
  const study = await createStudy({ type: "focus_group", minutes: 90, backupFee: opts.backupFee ?? 40 });
  const startsAt = new Date(Date.now() + (opts.startsInHours ?? 72) * HOUR);
  const { id } = await addStudySession(study.client, study.project.id, {
    startsAt,
    seats: opts.seats ?? 3,
    backupSeats: opts.backupSeats ?? 1,
  });
  return { ...study, sessionId: id, startsAt };
}

/** An expert invited to the focus group who accepted: choosing a seat. */
async function member(study: Awaited<ReturnType<typeof focusGroup>>) {
  const { user, expert } = await createExpert();
  const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });
  const actor = actorFor(user, ["expert"]);
  await acceptEngagement(actor, engagementId, { outsideActivityConfirmed: true });
  return { user, actor, engagementId };
}

const stateOf = async (id: string) => (await db().engagement.findUniqueOrThrow({ where: { id } })).state;
const placeOf = (id: string) => db().studySeat.findUnique({ where: { engagementId: id } });

describe("focus groups: seats, backup seats and the waitlist", () => {
  it("seats go first come, first served; a full session offers a backup seat, then the waitlist", async () => {
    const study = await focusGroup();
    const [a, b, c, d, e] = [await member(study), await member(study), await member(study), await member(study), await member(study)];
    for (const x of [a, b, c])
      expect((await takeSeat(x.actor, x.engagementId, { studySessionId: study.sessionId, kind: "seat" })).state).toBe("scheduled");
    const full = await errorOf(takeSeat(d.actor, d.engagementId, { studySessionId: study.sessionId, kind: "seat" }));
    expect(full.message).toBe("Every seat of this session is taken. Join its waitlist, and you are offered the first seat that frees up.");
    await takeSeat(d.actor, d.engagementId, { studySessionId: study.sessionId, kind: "backup" });
    expect((await errorOf(takeSeat(e.actor, e.engagementId, { studySessionId: study.sessionId, kind: "backup" }))).message).toBe(
      "Every backup seat of this session is taken.",
    );
    await joinWaitlist(e.actor, e.engagementId, study.sessionId);
    expect(await joinWaitlist(e.actor, e.engagementId, study.sessionId)).toMatchObject({ changed: false });

    const places = await placesOf([a, b, c, d, e].map((x) => x.engagementId));
    expect([a, b, c, d, e].map((x) => places.get(x.engagementId)!.label)).toEqual([
      "Seat 1 of 3",
      "Seat 2 of 3",
      "Seat 3 of 3",
      "Backup seat 1 of 1",
      "On the waitlist (1st)",
    ]);
    // A seat is an ordinary scheduled session at the group's time: reminders, calendar file, cancel.
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: a.engagementId } });
    expect(session.startsAt.getTime()).toBe(study.startsAt.getTime());
    expect(
      await db().$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key LIKE ${`session-reminder:${session.id}:%`}`,
    ).toEqual([{ n: 2 }]);
    expect(await stateOf(e.engagementId)).toBe("accepted");
    expect(await db().notification.count({ where: { userId: study.clientUser.id, kind: "seated" } })).toBe(4);
    expect(await db().notification.count({ where: { userId: study.clientUser.id, kind: "waitlisted" } })).toBe(1);
    const [view] = (await studySessionsOf([study.project.id])).get(study.project.id)!;
    expect(view).toMatchObject({ seatsLeft: 0, backupLeft: 0, seated: 3, backups: 1, waiting: 1 });
    // Nobody can remove a session people planned around.
    expect((await errorOf(removeStudySession(study.client, study.sessionId))).message).toBe(
      "Experts hold places in this session, so it cannot be removed.",
    );
  });

  it("a cancel offers the seat to the first person waiting, held for them alone; it moves on when they let it go or time runs out", async () => {
    const study = await focusGroup({ seats: 2, backupSeats: 0 });
    const [a, b, w1, w2, late] = [await member(study), await member(study), await member(study), await member(study), await member(study)];
    await takeSeat(a.actor, a.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    await takeSeat(b.actor, b.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    await joinWaitlist(w1.actor, w1.engagementId, study.sessionId);
    await joinWaitlist(w2.actor, w2.engagementId, study.sessionId);

    const now = new Date();
    await cancelEngagement(a.actor, a.engagementId, "A board meeting moved", now);
    const offer = await placeOf(w1.engagementId);
    expect(offer!.offeredUntil!.getTime()).toBe(now.getTime() + SEAT_OFFER_HOURS * HOUR);
    expect(await db().notification.count({ where: { userId: w1.user.id, kind: "seat_offered" } })).toBe(1);
    expect(
      await db().$queryRaw<
        { key: string }[]
      >`SELECT key FROM graphile_worker.jobs WHERE key LIKE ${`seat-offer:${offer!.id}:%`} ORDER BY key`,
    ).toEqual([{ key: `seat-offer:${offer!.id}:expiry` }, { key: `seat-offer:${offer!.id}:reminder` }]);
    // The held seat is nobody else's: not the second in line, not someone arriving now.
    expect((await errorOf(takeSeat(late.actor, late.engagementId, { studySessionId: study.sessionId, kind: "seat" }))).code).toBe(
      "CONFLICT",
    );
    expect((await errorOf(takeSeat(w2.actor, w2.engagementId, { studySessionId: study.sessionId, kind: "seat" }))).code).toBe("CONFLICT");

    // The reminder half-way; then the offer lapses and the next person is offered the seat.
    expect(
      await settleSeatOffer(
        { seatId: offer!.id, which: "reminder", offeredUntil: offer!.offeredUntil!.toISOString() },
        new Date(now.getTime() + 12 * HOUR),
      ),
    ).toBe(true);
    expect(await db().notification.count({ where: { userId: w1.user.id, kind: "seat_offer_reminder" } })).toBe(1);
    const after = new Date(offer!.offeredUntil!.getTime() + 1000);
    expect(await expireSeatOffers(after)).toBe(1);
    expect(await placeOf(w1.engagementId)).toBeNull();
    expect(await stateOf(w1.engagementId)).toBe("accepted");
    expect(await db().notification.count({ where: { userId: w1.user.id, kind: "seat_offer_lapsed" } })).toBe(1);
    expect((await placeOf(w2.engagementId))!.offeredUntil).not.toBeNull();
    // A stale job (the old offer) does nothing.
    expect(await settleSeatOffer({ seatId: offer!.id, which: "expiry", offeredUntil: offer!.offeredUntil!.toISOString() }, after)).toBe(
      false,
    );

    // The second person lets it go: nobody waits, so the seat is free to anyone.
    await leaveWaitlist(w2.actor, w2.engagementId, after);
    expect(await placeOf(w2.engagementId)).toBeNull();
    const seated = await takeSeat(late.actor, late.engagementId, { studySessionId: study.sessionId, kind: "seat" }, after);
    expect(seated.state).toBe("scheduled");
    expect((await placesOf([late.engagementId])).get(late.engagementId)!.label).toBe("Seat 1 of 2");
  });

  it("the person offered a seat takes it, with the freed seat's number", async () => {
    const study = await focusGroup({ seats: 2, backupSeats: 0 });
    const [a, b, w] = [await member(study), await member(study), await member(study)];
    await takeSeat(a.actor, a.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    await takeSeat(b.actor, b.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    await joinWaitlist(w.actor, w.engagementId, study.sessionId);
    expect((await errorOf(leaveWaitlist(a.actor, a.engagementId))).code).toBe("CONFLICT");
    await cancelEngagement(study.client, a.engagementId, "We need a different mix of roles");
    await takeSeat(w.actor, w.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    const place = await placeOf(w.engagementId);
    expect(place).toMatchObject({ kind: "seat", number: 1, offeredUntil: null });
    expect(await stateOf(w.engagementId)).toBe("scheduled");
  });

  it("many experts taking the last seats at once: each seat goes to exactly one", async () => {
    const study = await focusGroup({ seats: 3, backupSeats: 0 });
    const people = [];
    for (let i = 0; i < 7; i++) people.push(await member(study));
    const results = await Promise.allSettled(
      people.map((p) => takeSeat(p.actor, p.engagementId, { studySessionId: study.sessionId, kind: "seat" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect(isAppError(r.reason) && r.reason.code).toBe("CONFLICT");
    const seats = await db().studySeat.findMany({ where: { studySessionId: study.sessionId }, orderBy: { number: "asc" } });
    expect(seats.map((s) => s.number)).toEqual([1, 2, 3]);
  });

  it("a focus group's time is the session's: no one-to-one scheduling, and an interview has no seats", async () => {
    const study = await focusGroup();
    const x = await member(study);
    expect((await errorOf(scheduleEngagement(x.actor, x.engagementId, { weeklyAt: new Date(Date.now() + 48 * HOUR) }))).message).toBe(
      "This study is a focus group, so it cannot be changed that way.",
    );
    const interview = await createStudy();
    const { user, expert } = await createExpert();
    const { engagementId } = await inviteExpert(interview.client, { projectId: interview.project.id, expertId: expert.id });
    const actor = actorFor(user, ["expert"]);
    await acceptEngagement(actor, engagementId, { outsideActivityConfirmed: true });
    expect((await errorOf(takeSeat(actor, engagementId, { studySessionId: study.sessionId, kind: "seat" }))).message).toBe(
      "This study is an interview, so it cannot be changed that way.",
    );
    // Another project's session is not found, even for its own format.
    const other = await focusGroup();
    expect((await errorOf(takeSeat(x.actor, x.engagementId, { studySessionId: other.sessionId, kind: "seat" }))).code).toBe("NOT_FOUND");
    expect(
      (
        await errorOf(
          addStudySession(interview.client, interview.project.id, { startsAt: new Date(Date.now() + HOUR), seats: 4, backupSeats: 0 }),
        )
      ).message,
    ).toBe("Only a focus group has sessions with seats.");
    expect(
      (await errorOf(addStudySession(other.client, study.project.id, { startsAt: new Date(Date.now() + HOUR), seats: 4, backupSeats: 0 })))
        .code,
    ).toBe("NOT_FOUND");
  });

  it("a session added later is announced to whoever was accepted without a seat", async () => {
    const study = await focusGroup();
    const [seated, choosing] = [await member(study), await member(study)];
    await takeSeat(seated.actor, seated.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    await addStudySession(study.client, study.project.id, { startsAt: new Date(Date.now() + 96 * HOUR), seats: 4, backupSeats: 0 });
    expect(await db().notification.count({ where: { userId: choosing.user.id, kind: "session_added" } })).toBe(1);
    expect(await db().notification.count({ where: { userId: seated.user.id, kind: "session_added" } })).toBe(0);
  });

  it("a closed study seats nobody new, but a seat already held for someone is still theirs", async () => {
    const study = await focusGroup({ seats: 1, backupSeats: 0 });
    const [a, w, late] = [await member(study), await member(study), await member(study)];
    await takeSeat(a.actor, a.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    await joinWaitlist(w.actor, w.engagementId, study.sessionId);
    await cancelEngagement(a.actor, a.engagementId, "Called away to a board meeting");
    await db().project.update({ where: { id: study.project.id }, data: { status: "closed" } });
    expect((await errorOf(joinWaitlist(late.actor, late.engagementId, study.sessionId))).message).toBe(
      "This project is closed, so no new seat can be taken.",
    );
    expect((await errorOf(takeSeat(late.actor, late.engagementId, { studySessionId: study.sessionId, kind: "seat" }))).message).toBe(
      "This project is closed, so no new seat can be taken.",
    );
    expect((await takeSeat(w.actor, w.engagementId, { studySessionId: study.sessionId, kind: "seat" })).state).toBe("scheduled");
  });

  it("one meeting link reaches every seat-holder's session and calendar event", async () => {
    const study = await focusGroup();
    const [a, b] = [await member(study), await member(study)];
    await takeSeat(a.actor, a.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    await takeSeat(b.actor, b.engagementId, { studySessionId: study.sessionId, kind: "backup" });
    const before = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: a.engagementId } });
    expect(await setStudySessionMeetingLink(study.client, study.sessionId, "https://meet.example.org/group-1")).toEqual({
      changed: true,
      told: 2,
    });
    const after = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: a.engagementId } });
    expect(after).toMatchObject({ id: before.id, meetingUrl: "https://meet.example.org/group-1", sequence: before.sequence + 1 });
    expect(await db().notification.count({ where: { userId: b.user.id, kind: "meeting_link" } })).toBe(1);
    // Someone seated later joins with the link already set.
    const c = await member(study);
    await takeSeat(c.actor, c.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    expect((await db().engagementSession.findUniqueOrThrow({ where: { engagementId: c.engagementId } })).meetingUrl).toBe(
      "https://meet.example.org/group-1",
    );
  });
});

describe("focus groups: attendance on one screen", () => {
  it("pays attended seats and an unneeded backup seat's fee, nothing for a no-show, and ends the waitlist", async () => {
    const study = await focusGroup({ seats: 2, backupSeats: 1, backupFee: 40 });
    const [a, b, backup, waiting] = [await member(study), await member(study), await member(study), await member(study)];
    await takeSeat(a.actor, a.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    await takeSeat(b.actor, b.engagementId, { studySessionId: study.sessionId, kind: "seat" });
    await takeSeat(backup.actor, backup.engagementId, { studySessionId: study.sessionId, kind: "backup" });
    await joinWaitlist(waiting.actor, waiting.engagementId, study.sessionId);
    const marks = [
      { engagementId: a.engagementId, outcome: "attended" as const },
      { engagementId: b.engagementId, outcome: "no_show" as const },
      { engagementId: backup.engagementId, outcome: "not_needed" as const },
    ];
    expect((await errorOf(recordAttendance(study.client, study.sessionId, marks))).message).toBe("The session has not started yet.");
    const during = new Date(study.startsAt.getTime() + 30 * 60_000);
    expect((await errorOf(recordAttendance(study.client, study.sessionId, marks.slice(0, 2), during))).message).toBe(
      "Mark every seat: attended or no-show.",
    );
    expect(
      (await errorOf(recordAttendance(study.client, study.sessionId, [{ ...marks[0], outcome: "not_needed" }, ...marks.slice(1)], during)))
        .message,
    ).toBe("Only a backup seat can be not needed.");
    const other = await focusGroup();
    expect((await errorOf(recordAttendance(other.client, study.sessionId, marks, during))).code).toBe("NOT_FOUND");

    const sheet = await attendanceSheet(study.client, study.sessionId, during);
    expect(sheet.holders.map((h) => h.label)).toEqual(["Seat 1 of 2", "Seat 2 of 2", "Backup seat 1 of 1"]);
    expect(sheet.waiting).toHaveLength(1);

    expect(await recordAttendance(study.client, study.sessionId, marks, during)).toEqual({ changed: true, recorded: 3 });
    expect(await stateOf(a.engagementId)).toBe("completed");
    expect(await stateOf(b.engagementId)).toBe("no_show");
    expect(await stateOf(backup.engagementId)).toBe("completed");
    expect(await stateOf(waiting.engagementId)).toBe("cancelled");
    // Nothing is booked while the client may still correct the marks; every reservation stays held.
    expect(await db().earning.count({ where: { projectId: study.project.id } })).toBe(0);
    expect(await db().reservation.count({ where: { projectId: study.project.id, state: "held" } })).toBe(3);
    expect(await settleDueAttendance(new Date(during.getTime() + (ATTENDANCE_CORRECTION_HOURS - 1) * HOUR))).toBe(0);
    const closed = new Date(during.getTime() + ATTENDANCE_CORRECTION_HOURS * HOUR);
    expect(await settleDueAttendance(closed)).toBe(1);
    expect(await settleDueAttendance(closed)).toBe(0);
    expect(await settleAttendance(study.sessionId, closed)).toBe(false);
    expect(await db().reservation.count({ where: { projectId: study.project.id, state: "held" } })).toBe(0);
    const earnings = await db().earning.findMany({
      where: { engagementId: { in: [a.engagementId, b.engagementId, backup.engagementId] } },
      select: { engagementId: true, kind: true, amountCents: true, state: true },
    });
    expect(earnings).toHaveLength(2);
    expect(earnings.find((x) => x.engagementId === a.engagementId)).toMatchObject({
      kind: "session",
      amountCents: 15_000,
      state: "pending_qc",
    });
    expect(earnings.find((x) => x.engagementId === backup.engagementId)).toMatchObject({ kind: "backup_fee", amountCents: 4_000 });
    expect(await db().ledgerTransaction.count({ where: { kind: "backup_fee", engagementId: backup.engagementId } })).toBe(1);
    expect(await ledgerDrift()).toEqual([]);
    expect(await db().notification.count({ where: { userId: backup.user.id, kind: "backup_released" } })).toBe(1);
    expect(await db().notification.count({ where: { userId: waiting.user.id, kind: "waitlist_ended" } })).toBe(1);
    // Recording again changes nothing.
    expect(await recordAttendance(study.client, study.sessionId, marks, during)).toEqual({ changed: false, recorded: 0 });
  });

  it("the backup fee can rise but not fall under someone holding a backup seat", async () => {
    const study = await focusGroup({ backupFee: 40 });
    const x = await member(study);
    await takeSeat(x.actor, x.engagementId, { studySessionId: study.sessionId, kind: "backup" });
    const project = await db().project.findUniqueOrThrow({ where: { id: study.project.id } });
    const input = {
      projectId: project.id,
      title: project.title,
      description: project.description,
      projectType: "focus_group" as const,
      compensation: 150,
      durationMinutes: 90,
      locationType: "video" as const,
      deadline: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      quota: 3,
      timeZone: "America/New_York",
      visibility: "open" as const,
    };
    expect((await errorOf(updateProject(study.client, { ...input, backupFee: 20 }))).message).toBe(
      "Experts already hold backup seats at this fee, so it can only go up.",
    );
    await updateProject(study.client, { ...input, backupFee: 60 });
    expect((await db().project.findUniqueOrThrow({ where: { id: project.id } })).backupFeeCents).toBe(6_000);
  });
});

/** A session that has started with one seat holder and one backup seat holder. */
async function seatAndBackup(backupFee = 0) {
  const study = await focusGroup({ seats: 2, backupSeats: 1, backupFee, startsInHours: 2 });
  const seat = await member(study);
  const backup = await member(study);
  await takeSeat(seat.actor, seat.engagementId, { studySessionId: study.sessionId, kind: "seat" });
  await takeSeat(backup.actor, backup.engagementId, { studySessionId: study.sessionId, kind: "backup" });
  return { study, seat, backup };
}

const earningsOf = (engagementId: string) =>
  db().earning.findMany({ where: { engagementId }, select: { kind: true, amountCents: true, state: true } });

describe("focus groups: only the client's record decides attendance", () => {
  it("a seat or backup-seat holder cannot record the client a no-show, even 11 s after the start: nothing is booked and both stay on the sheet", async () => {
    const { study, seat, backup } = await seatAndBackup(0);
    const justAfter = new Date(study.startsAt.getTime() + 11_000);
    for (const x of [seat, backup]) {
      const refused = await errorOf(markNoShow(x.actor, x.engagementId, "The client never opened the room", justAfter));
      expect(refused.code).toBe("FORBIDDEN");
      expect(await stateOf(x.engagementId)).toBe("scheduled");
      expect(await earningsOf(x.engagementId)).toEqual([]);
    }
    expect(await db().ledgerTransaction.count({ where: { kind: "client_no_show_fee" } })).toBe(0);
    const sheet = await attendanceSheet(study.client, study.sessionId, justAfter);
    expect(sheet.holders.map((h) => [h.engagementId, h.state])).toEqual([
      [seat.engagementId, "scheduled"],
      [backup.engagementId, "scheduled"],
    ]);
    expect(sheet.holders.map((h) => h.payCents)).toEqual([15_000, 0]);
  });

  it("an expert's report books nothing and holds the place's pay; the admin's decision books the fee (a backup seat's is its backup fee)", async () => {
    const { study, seat, backup } = await seatAndBackup(25);
    const after = new Date(study.startsAt.getTime() + 20 * 60_000);
    expect(await reportClientNoShow(seat.actor, seat.engagementId, "Nobody from the client joined", after)).toEqual({ changed: true });
    expect(await reportClientNoShow(seat.actor, seat.engagementId, "Again", after)).toEqual({ changed: false });
    await reportClientNoShow(backup.actor, backup.engagementId, "The room never opened", after);
    // The client's record still decides: the client marks both, one as a no-show.
    await recordAttendance(
      study.client,
      study.sessionId,
      [
        { engagementId: seat.engagementId, outcome: "no_show" },
        { engagementId: backup.engagementId, outcome: "not_needed" },
      ],
      after,
    );
    await settleDueAttendance(new Date(after.getTime() + ATTENDANCE_CORRECTION_HOURS * HOUR));
    // Both reports are open: the settlement leaves their pay (and reservations) for the admin.
    expect(await db().earning.count({ where: { projectId: study.project.id } })).toBe(0);
    expect(await db().reservation.count({ where: { projectId: study.project.id, state: "held" } })).toBe(2);

    const admin = actorFor(await createAdmin(), ["admin"]);
    const claims = await db().noShowClaim.findMany({ where: { engagementId: { in: [seat.engagementId, backup.engagementId] } } });
    const claimOf = (id: string) => claims.find((c) => c.engagementId === id)!.id;
    expect((await errorOf(resolveNoShowClaim(study.client, claimOf(seat.engagementId), { for: "expert", note: "Mine" }))).code).toBe(
      "FORBIDDEN",
    );
    await resolveNoShowClaim(admin, claimOf(seat.engagementId), { for: "expert", note: "The client's own log shows no session" });
    expect(await earningsOf(seat.engagementId)).toEqual([{ kind: "client_no_show_fee", amountCents: 15_000, state: "available" }]);
    expect((await errorOf(resolveNoShowClaim(admin, claimOf(seat.engagementId), { for: "client", note: "Changed my mind" }))).message).toBe(
      "This report has already been decided.",
    );
    // The backup's report is dismissed: the client's mark pays its backup fee, never the incentive.
    await resolveNoShowClaim(admin, claimOf(backup.engagementId), { for: "client", note: "The session ran" });
    expect(await earningsOf(backup.engagementId)).toEqual([{ kind: "backup_fee", amountCents: 2_500, state: "pending_qc" }]);
    expect(await db().reservation.count({ where: { projectId: study.project.id, state: "held" } })).toBe(0);
    expect(await db().notification.count({ where: { userId: seat.user.id, kind: "no_show_report_resolved" } })).toBe(1);
    expect(await db().notification.count({ where: { userId: study.clientUser.id, kind: "client_no_show_reported" } })).toBe(2);
    expect(await ledgerDrift()).toEqual([]);
  });

  it("the client corrects a mark within 48 hours, each change in the history and told to the expert; the pay follows the final mark", async () => {
    const { study, seat, backup } = await seatAndBackup(30);
    const marked = new Date(study.startsAt.getTime() + 2 * HOUR);
    await recordAttendance(
      study.client,
      study.sessionId,
      [
        { engagementId: seat.engagementId, outcome: "attended" },
        { engagementId: backup.engagementId, outcome: "not_needed" },
      ],
      marked,
    );
    const soon = new Date(marked.getTime() + HOUR);
    expect(await correctAttendance(study.client, seat.engagementId, "no_show", soon)).toMatchObject({ state: "no_show", changed: true });
    expect(await correctAttendance(study.client, seat.engagementId, "no_show", soon)).toMatchObject({ changed: false });
    expect(await correctAttendance(study.client, seat.engagementId, "attended", soon)).toMatchObject({ state: "completed" });
    expect(await correctAttendance(study.client, seat.engagementId, "no_show", soon)).toMatchObject({ state: "no_show" });
    expect(await correctAttendance(study.client, backup.engagementId, "attended", soon)).toMatchObject({ state: "completed" });
    expect(
      (
        await db().engagementEvent.findMany({
          where: { engagementId: seat.engagementId, kind: "attendance_corrected" },
          orderBy: { createdAt: "asc" },
        })
      ).map((e) => e.reason),
    ).toEqual(["Attended → No-show", "No-show → Attended", "Attended → No-show"]);
    expect(await db().notification.count({ where: { userId: seat.user.id, kind: "attendance_corrected" } })).toBe(3);
    // A correction moves no money.
    expect(
      await db().ledgerTransaction.count({
        where: { engagementId: { in: [seat.engagementId, backup.engagementId] }, kind: { not: "incentive_reserved" } },
      }),
    ).toBe(0);

    // Refused: a seat cannot be "not needed"; the expert and another organization cannot correct; nor after the window.
    expect((await errorOf(correctAttendance(study.client, seat.engagementId, "not_needed", soon))).message).toBe(
      "Only a backup seat can be not needed.",
    );
    expect((await errorOf(correctAttendance(seat.actor, seat.engagementId, "attended", soon))).code).toBe("FORBIDDEN");
    const other = await focusGroup();
    expect((await errorOf(correctAttendance(other.client, seat.engagementId, "attended", soon))).code).toBe("NOT_FOUND");
    const late = new Date(marked.getTime() + ATTENDANCE_CORRECTION_HOURS * HOUR);
    expect((await errorOf(correctAttendance(study.client, seat.engagementId, "attended", late))).message).toBe(
      `Attendance can be corrected for ${ATTENDANCE_CORRECTION_HOURS} hours after it is recorded; that window has closed.`,
    );

    expect(await settleDueAttendance(late)).toBe(1);
    expect(await earningsOf(seat.engagementId)).toEqual([]);
    // The backup took part after all: its incentive, not the backup fee.
    expect(await earningsOf(backup.engagementId)).toEqual([{ kind: "session", amountCents: 15_000, state: "pending_qc" }]);
    expect(await db().reservation.count({ where: { projectId: study.project.id, state: "held" } })).toBe(0);
    expect(await ledgerDrift()).toEqual([]);
    // After the settlement nothing can change the record.
    expect((await errorOf(correctAttendance(study.client, backup.engagementId, "no_show", soon))).code).toBe("CONFLICT");
  });

  it("nothing to correct before attendance is recorded, and nothing to report before the session starts", async () => {
    const { study, seat } = await seatAndBackup();
    const during = new Date(study.startsAt.getTime() + 10 * 60_000);
    expect((await errorOf(correctAttendance(study.client, seat.engagementId, "no_show", during))).code).toBe("CONFLICT");
    expect(
      (await errorOf(reportClientNoShow(seat.actor, seat.engagementId, "Too early", new Date(study.startsAt.getTime() - 60_000)))).message,
    ).toBe("The session has not started yet.");
  });

  it("a backup seat the client never recorded earns its backup fee by the 7-day rule, never the full incentive", async () => {
    const { study, seat, backup } = await seatAndBackup(20);
    const weekLater = new Date(study.startsAt.getTime() + 9 * 24 * HOUR);
    await completeOverdueSessions(weekLater);
    expect(await earningsOf(seat.engagementId)).toMatchObject([{ kind: "session", amountCents: 15_000 }]);
    expect(await earningsOf(backup.engagementId)).toMatchObject([{ kind: "backup_fee", amountCents: 2_000 }]);
    expect(await ledgerDrift()).toEqual([]);
  });
});

describe("focus groups: any order of seats, cancels, waits and lapses", () => {
  it("property: a seat is never held twice, a held offer counts as taken, and nobody waits without an offer while a seat is free", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.integer({ min: 0, max: 4 }),
            act: fc.constantFrom("seat", "backup", "wait", "leave", "cancel", "lapse"),
          }),
          { minLength: 1, maxLength: 14 },
        ),
        async (steps) => {
          const study = await focusGroup({ seats: 2, backupSeats: 1 });
          const people = [];
          for (let i = 0; i < 5; i++) people.push(await member(study));
          let clock = Date.now();
          for (const s of steps) {
            const x = people[s.who];
            const now = new Date(clock);
            const attempt =
              s.act === "seat" || s.act === "backup"
                ? takeSeat(x.actor, x.engagementId, { studySessionId: study.sessionId, kind: s.act }, now)
                : s.act === "wait"
                  ? joinWaitlist(x.actor, x.engagementId, study.sessionId, now)
                  : s.act === "leave"
                    ? leaveWaitlist(x.actor, x.engagementId, now)
                    : s.act === "cancel"
                      ? cancelEngagement(x.actor, x.engagementId, "Something came up", now)
                      : ((clock += (SEAT_OFFER_HOURS + 1) * HOUR), expireSeatOffers(new Date(clock)));
            await Promise.resolve(attempt).catch((e) => {
              if (!isAppError(e)) throw e;
            });
            const places = await db().studySeat.findMany({ where: { studySessionId: study.sessionId } });
            const seats = places.filter((p) => p.kind === "seat");
            const offers = places.filter((p) => p.kind === "waitlist" && p.offeredUntil && p.offeredUntil.getTime() > clock);
            const waitingWithoutOffer = places.filter(
              (p) => p.kind === "waitlist" && !(p.offeredUntil && p.offeredUntil.getTime() > clock),
            );
            expect(new Set(seats.map((p) => p.number)).size).toBe(seats.length);
            expect(seats.length + offers.length).toBeLessThanOrEqual(2);
            expect(places.filter((p) => p.kind === "backup").length).toBeLessThanOrEqual(1);
            // Until the session starts, a free seat is always offered to whoever waits first.
            if (clock < study.startsAt.getTime() && seats.length + offers.length < 2) expect(waitingWithoutOffer).toHaveLength(0);
            // Everyone holding a seat is scheduled at the group's time; nobody else is.
            for (const p of [...seats, ...places.filter((q) => q.kind === "backup")])
              expect(await stateOf(p.engagementId)).toBe("scheduled");
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
