// Who agreed a session's time, against a real PostgreSQL with an injected clock: a time one side
// sets alone close to the start waits for the other side, a new time is a proposal the other
// side accepts or declines, nothing is cancelled after the start, either side records a no-show,
// the 7-day rule bills only agreed times, and proposals that mail the other side are limited.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import {
  acceptSessionTime,
  cancelEngagement,
  completeOverdueSessions,
  keepSessionTime,
  markNoShow,
  proposeTimes,
  rescheduleSession,
  scheduleEngagement,
} from "@/lib/engagements/transitions";
import { addSlot } from "@/lib/engagements/availability";
import { clientNoShowFeeCents, lateCancelFeeCents } from "@/lib/money/policy";
import { limitOf, SCHEDULE_PROPOSALS_PER_ACCOUNT } from "@/lib/platform/security/rate-limit";
import { ledgerDrift } from "@/lib/money/ledger";
import { zonedTimeToUtc } from "@/lib/platform/zoned-time";
import { isoDay } from "@/lib/experts/dashboard/expert";
import { acceptedPair, scheduledPair } from "../studies";
import { actorFor, createAdmin } from "../factories";
import { reportClientNoShow, resolveNoShowClaim } from "@/lib/engagements/no-show-claims";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const INCENTIVE = 15_000; // tests/studies.ts createStudy: $150 per session
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const at = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR);

const sessionOf = (engagementId: string) => db().engagementSession.findUniqueOrThrow({ where: { engagementId } });
const earningsOf = (engagementId: string) => db().earning.findMany({ where: { engagementId } });
const reminderRuns = async (sessionId: string) =>
  (
    await db().$queryRaw<
      { run_at: Date }[]
    >`SELECT run_at FROM graphile_worker._private_jobs WHERE key LIKE ${`session-reminder:${sessionId}:%`} ORDER BY run_at`
  ).map((r) => r.run_at.getTime());
/** Everything that tells the other side: notifications, queued mails and history events. */
const noticesOf = async (engagementId: string) => ({
  notifications: await db().notification.count({ where: { engagementId } }),
  events: await db().engagementEvent.count({ where: { engagementId } }),
  mails: (
    await db().$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'send-mail'`
  )[0].n,
});

/** An accepted pair whose expert has a free slot three days ahead (16:00 New York), and that slot's start. */
async function pairWithSlot() {
  const pair = await acceptedPair();
  const slot = await addSlot(pair.expertActor, { date: inDays(3), startTime: "16:00", endTime: "17:00", timezone: "America/New_York" });
  const row = await db().availabilitySlot.findUniqueOrThrow({ where: { id: slot.id } });
  return { ...pair, slot, start: zonedTimeToUtc(isoDay(row.date), row.startTime, row.timezone) };
}

describe("a time one side sets alone", () => {
  it("less than 24 hours ahead waits for the client: a client cancel is free until the client confirms it", async () => {
    const { study, engagementId, expertActor, slot, start: slotStart } = await pairWithSlot();
    // The expert picks their own slot two hours before it starts.
    await scheduleEngagement(expertActor, engagementId, { slotId: slot.id }, at(slotStart, -2));
    expect((await sessionOf(engagementId)).agreedAt).toBeNull();
    expect(await db().notification.count({ where: { engagementId, userId: study.clientUser.id, kind: "confirm_time" } })).toBe(1);
    // The expert cannot confirm their own time.
    await expect(acceptSessionTime(expertActor, engagementId, at(slotStart, -1.5))).rejects.toMatchObject({ code: "CONFLICT" });
    await cancelEngagement(study.client, engagementId, "We never agreed to this", at(slotStart, -1));
    expect(await db().engagement.findUniqueOrThrow({ where: { id: engagementId } })).toMatchObject({
      state: "cancelled",
      lateCancel: false,
    });
    expect(await earningsOf(engagementId)).toHaveLength(0);
  });

  it("confirmed by the client, or set at least 24 hours ahead, it is agreed: a late client cancel pays the late fee", async () => {
    const confirmed = await pairWithSlot();
    const start = confirmed.start;
    await scheduleEngagement(confirmed.expertActor, confirmed.engagementId, { slotId: confirmed.slot.id }, at(start, -2));
    expect(await acceptSessionTime(confirmed.study.client, confirmed.engagementId, at(start, -1.5))).toMatchObject({ changed: true });
    expect(await acceptSessionTime(confirmed.study.client, confirmed.engagementId, at(start, -1.5))).toMatchObject({ changed: false });
    await cancelEngagement(confirmed.study.client, confirmed.engagementId, "Budget was cut", at(start, -1));
    expect(await earningsOf(confirmed.engagementId)).toMatchObject([
      { kind: "late_cancel_fee", amountCents: lateCancelFeeCents(INCENTIVE) },
    ]);

    const ahead = await pairWithSlot();
    const start2 = ahead.start;
    await scheduleEngagement(ahead.expertActor, ahead.engagementId, { slotId: ahead.slot.id }, at(start2, -25));
    expect((await sessionOf(ahead.engagementId)).agreedAt).not.toBeNull();
    await cancelEngagement(ahead.study.client, ahead.engagementId, "Budget was cut", at(start2, -1));
    expect(await earningsOf(ahead.engagementId)).toMatchObject([{ kind: "late_cancel_fee" }]);
    expect(await ledgerDrift()).toEqual([]);
  });
});

describe("a new time is a proposal", () => {
  it("the current time stands (reminders, late-cancel window) until the other side accepts; moving a session far out does not make a late cancel free", async () => {
    const { study, engagementId, expertUser } = await scheduledPair(10);
    const before = await sessionOf(engagementId);
    const remindersBefore = await reminderRuns(before.id);
    const far = new Date(Date.now() + 30 * DAY);
    await rescheduleSession(study.client, engagementId, { startsAt: far }, "Our researcher is away");
    const pending = await sessionOf(engagementId);
    expect(pending).toMatchObject({
      startsAt: before.startsAt,
      sequence: before.sequence,
      proposedBy: "client",
      proposedReason: "Our researcher is away",
    });
    expect(pending.proposedStartsAt?.getTime()).toBe(far.getTime());
    expect(await reminderRuns(before.id)).toEqual(remindersBefore);
    expect(await db().notification.count({ where: { engagementId, userId: expertUser.id, kind: "time_proposed" } })).toBe(1);
    // The proposer cannot accept their own proposal.
    await expect(acceptSessionTime(study.client, engagementId)).rejects.toMatchObject({ code: "CONFLICT" });
    await cancelEngagement(study.client, engagementId, "Plans changed");
    expect(await db().engagement.findUniqueOrThrow({ where: { id: engagementId } })).toMatchObject({ lateCancel: true });
    expect(await earningsOf(engagementId)).toMatchObject([{ kind: "late_cancel_fee", amountCents: lateCancelFeeCents(INCENTIVE) }]);
  });

  it("accepted by the other side the session moves and is agreed; kept, the proposal and its held slot are dropped", async () => {
    const { study, engagementId, expertActor, startsAt } = await scheduledPair(72);
    const moved = new Date(startsAt.getTime() + 2 * DAY);
    await rescheduleSession(study.client, engagementId, { startsAt: moved }, "Out that day");
    expect(await acceptSessionTime(expertActor, engagementId)).toMatchObject({ changed: true });
    const after = await sessionOf(engagementId);
    expect(after.startsAt.getTime()).toBe(moved.getTime());
    expect(after).toMatchObject({ proposedBy: null, proposedStartsAt: null });
    expect(await reminderRuns(after.id)).toEqual([moved.getTime() - DAY, moved.getTime() - HOUR]);

    // The expert proposes one of their slots: it is held, then given back when the client keeps the current time.
    const slot = await addSlot(expertActor, { date: inDays(6), startTime: "15:00", endTime: "16:00", timezone: "America/New_York" });
    await rescheduleSession(expertActor, engagementId, { slotId: slot.id }, "A conflict came up");
    expect(await db().availabilitySlot.findUniqueOrThrow({ where: { id: slot.id } })).toMatchObject({ isAvailable: false });
    expect(await keepSessionTime(study.client, engagementId, "That day does not work")).toMatchObject({ changed: true });
    expect(await keepSessionTime(study.client, engagementId, null)).toMatchObject({ changed: false });
    expect(await db().availabilitySlot.findUniqueOrThrow({ where: { id: slot.id } })).toMatchObject({ isAvailable: true });
    expect((await sessionOf(engagementId)).startsAt.getTime()).toBe(moved.getTime());
    const kinds = (await db().engagementEvent.findMany({ where: { engagementId }, orderBy: { createdAt: "asc" } })).map((e) => e.kind);
    expect(kinds.slice(-4)).toEqual(["time_proposed", "rescheduled", "time_proposed", "time_kept"]);
  });

  it("a proposal that changes nothing sends nothing: no notification, no mail, no event", async () => {
    const { study, engagementId, startsAt } = await scheduledPair(72);
    const moved = new Date(startsAt.getTime() + DAY);
    await rescheduleSession(study.client, engagementId, { startsAt: moved }, "Out that day");
    const before = await noticesOf(engagementId);
    expect(await rescheduleSession(study.client, engagementId, { startsAt: moved }, "Out that day, again")).toMatchObject({
      changed: false,
    });
    expect(await rescheduleSession(study.client, engagementId, { startsAt }, "The time it already has")).toMatchObject({ changed: false });
    expect(await noticesOf(engagementId)).toEqual(before);

    const accepted = await acceptedPair();
    const times = [new Date(Date.now() + 3 * DAY), new Date(Date.now() + 4 * DAY)];
    await proposeTimes(accepted.study.client, accepted.engagementId, times);
    const once = await noticesOf(accepted.engagementId);
    expect(await proposeTimes(accepted.study.client, accepted.engagementId, [times[1], times[0]])).toMatchObject({ changed: false });
    expect(await noticesOf(accepted.engagementId)).toEqual(once);
  });

  it("proposals count against a per-account limit: over it, THROTTLED (429) with a Retry-After, and nothing changes", async () => {
    const max = limitOf(SCHEDULE_PROPOSALS_PER_ACCOUNT);
    const { study, engagementId, startsAt } = await scheduledPair(72);
    // The times the client proposed before the session was scheduled were the first of the hour.
    for (let i = 1; i < max; i++)
      await rescheduleSession(study.client, engagementId, { startsAt: new Date(startsAt.getTime() + i * HOUR) }, `Try ${i}`);
    const before = await noticesOf(engagementId);
    const refused = rescheduleSession(study.client, engagementId, { startsAt: new Date(startsAt.getTime() + DAY) }, "One more");
    await expect(refused).rejects.toMatchObject({ code: "THROTTLED", message: expect.stringContaining("Too many time proposals") });
    await refused.catch((e: { retryAfterSeconds?: number }) => expect(e.retryAfterSeconds).toBeGreaterThan(0));
    expect(await noticesOf(engagementId)).toEqual(before);
    expect((await sessionOf(engagementId)).proposedStartsAt?.getTime()).toBe(startsAt.getTime() + (max - 1) * HOUR);
    // A no-change repeat is not refused: it counts for nothing and sends nothing.
    expect(await rescheduleSession(study.client, engagementId, { startsAt }, "same")).toMatchObject({ changed: false });
  });
});

describe("after the start", () => {
  it("nobody can cancel; the expert's word alone books no client no-show fee: their report waits for an admin", async () => {
    const { study, engagementId, expertActor, startsAt } = await scheduledPair(2);
    const later = at(startsAt, 0.25);
    for (const actor of [study.client, expertActor]) {
      await expect(cancelEngagement(actor, engagementId, "Too late", later)).rejects.toMatchObject({
        code: "CONFLICT",
        message: expect.stringContaining("can no longer be cancelled"),
      });
    }
    await expect(rescheduleSession(study.client, engagementId, { startsAt: at(startsAt, 48) }, "Later", later)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(markNoShow(expertActor, engagementId, "Nobody joined", at(startsAt, 0.5))).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await reportClientNoShow(expertActor, engagementId, "Nobody joined", at(startsAt, 0.5))).toEqual({ changed: true });
    expect(await earningsOf(engagementId)).toHaveLength(0);
    expect((await db().engagement.findUniqueOrThrow({ where: { id: engagementId } })).state).toBe("scheduled");
    expect(await db().engagementEvent.count({ where: { engagementId, kind: "client_no_show_reported", actorSide: "expert" } })).toBe(1);
    expect(await db().notification.count({ where: { engagementId, userId: study.clientUser.id, kind: "client_no_show_reported" } })).toBe(
      1,
    );
    // An open report holds the 7-day rule: nothing is booked until the admin decides.
    await completeOverdueSessions(at(startsAt, 24 * 10));
    expect(await earningsOf(engagementId)).toHaveLength(0);
    const claim = await db().noShowClaim.findUniqueOrThrow({ where: { engagementId } });
    await resolveNoShowClaim(actorFor(await createAdmin(), ["admin"]), claim.id, { for: "expert", note: "No one from the client joined" });
    expect(await earningsOf(engagementId)).toMatchObject([
      { kind: "client_no_show_fee", amountCents: clientNoShowFeeCents(INCENTIVE), state: "available" },
    ]);
    expect((await db().engagement.findUniqueOrThrow({ where: { id: engagementId } })).state).toBe("no_show");
    expect(await db().notification.count({ where: { engagementId, kind: "no_show_report_resolved" } })).toBe(2);
    expect(await ledgerDrift()).toEqual([]);
  });

  it("a client no-show on a time the client never agreed earns no fee, so it cannot be reported", async () => {
    const { engagementId, expertActor, slot, start } = await pairWithSlot();
    await scheduleEngagement(expertActor, engagementId, { slotId: slot.id }, at(start, -3));
    await expect(reportClientNoShow(expertActor, engagementId, "Nobody joined", at(start, 1))).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This time was never agreed by both sides, so a missed session earns no fee.",
    });
    expect(await earningsOf(engagementId)).toHaveLength(0);
  });
});

describe("the 7-day rule", () => {
  it("completes only a time both sides agreed", async () => {
    const agreed = await scheduledPair(-9 * 24);
    const alone = await pairWithSlot();
    const start = alone.start;
    await scheduleEngagement(alone.expertActor, alone.engagementId, { slotId: alone.slot.id }, at(start, -1));
    await completeOverdueSessions(at(start, 9 * 24));
    expect(await db().engagement.findUniqueOrThrow({ where: { id: agreed.engagementId } })).toMatchObject({
      state: "completed",
      autoCompleted: true,
    });
    expect(await db().engagement.findUniqueOrThrow({ where: { id: alone.engagementId } })).toMatchObject({ state: "scheduled" });
    expect(await earningsOf(alone.engagementId)).toHaveLength(0);
  });
});
