// Text-message reminders against a real PostgreSQL: opting in (a texted 6-digit code, limited
// and expiring; the consent's words and time recorded), the texts at booking, 24 h and 1 h
// before, on a changed time and on a cancellation, each ending "Reply STOP to stop" and naming
// the time in the receiver's zone; quiet hours; STOP at once; the daily cap. Texts are written by
// the log provider to a folder of this test's own.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import {
  acceptEngagement,
  acceptSessionTime,
  cancelEngagement,
  inviteExpert,
  proposeTimes,
  rescheduleSession,
  scheduleEngagement,
} from "@/lib/engagements/transitions";
import { addStudySession, joinWaitlist, takeSeat } from "@/lib/engagements/focus-groups";
import { isQuietHour } from "@/lib/sms/timing";
import { sendSessionReminder } from "@/lib/engagements/reminder-job";
import { deliverSessionText } from "@/lib/engagements/session-texts";
import { applyInboundKeyword, confirmSmsCode, getSmsSettings, startSmsOptIn, turnOffSms, turnOnSms } from "@/lib/sms/subscriptions";
import { SMS_CONSENT_TEXT } from "@/lib/sms/consent";
import { createLogSmsProvider } from "@/lib/sms/log-provider";
import type { Actor } from "@/lib/accounts/actor";
import { actorFor, createExpert } from "../factories";
import { acceptedPair, createStudy } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const HOUR = 3_600_000;
const dir = mkdtempSync(path.join(tmpdir(), "k12-sms-"));
const logProvider = createLogSmsProvider({ dir });
const messagesOf = (userId: string) => db().smsMessage.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
const lastCode = async (userId: string) =>
  /code is (\d{6})/.exec((await messagesOf(userId)).filter((m) => m.kind === "code").at(-1)!.body)![1];
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: string; message: string }) => e,
  );

/** A person who confirmed their number, in Chicago. */
async function optIn(actor: Actor, phone = "(312) 555-0142") {
  await startSmsOptIn(actor, { phone, timeZone: "America/Chicago" });
  await confirmSmsCode(actor, await lastCode(actor.userId));
}

describe("opting in", () => {
  it("texts a code, records the consent on confirming, and refuses wrong, late and too many codes", async () => {
    const { user } = await createExpert();
    const actor = actorFor(user, ["expert"]);
    const t0 = new Date();
    expect((await getSmsSettings(actor)).state).toBe("off");
    expect((await errorOf(startSmsOptIn(actor, { phone: "555-0100", timeZone: "America/Chicago" })))?.code).toBe("BAD_REQUEST");
    await startSmsOptIn(actor, { phone: "312 555 0142", timeZone: "America/Chicago" }, t0);
    const [code] = await messagesOf(user.id);
    expect(code).toMatchObject({ kind: "code", phone: "+13125550142" });
    expect(code.body).toMatch(/^K12 Experts: your code is \d{6}\. .*Reply STOP to stop\.$/);
    expect((await getSmsSettings(actor, t0)).state).toBe("code_sent");
    // The code is stored hashed, never as typed.
    const stored = await db().smsSubscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(stored.codeHash).not.toContain(await lastCode(user.id));

    expect((await errorOf(confirmSmsCode(actor, "000000", t0)))?.message).toMatch(/not right\. 4 tries left/);
    // Late: 11 minutes on.
    expect((await errorOf(confirmSmsCode(actor, await lastCode(user.id), new Date(t0.getTime() + 11 * 60_000))))?.message).toMatch(
      /expired/,
    );
    const confirmed = new Date(t0.getTime() + 60_000);
    await confirmSmsCode(actor, await lastCode(user.id), confirmed);
    const sub = await db().smsSubscription.findUniqueOrThrow({ where: { userId: user.id } });
    expect(sub).toMatchObject({ consentText: SMS_CONSENT_TEXT, consentAt: confirmed, verifiedAt: confirmed, codeHash: null });
    expect(SMS_CONSENT_TEXT).toContain("Reply STOP to stop");
    // Called twice: the code is used up.
    expect((await errorOf(confirmSmsCode(actor, await lastCode(user.id))))?.message).toMatch(/No code is waiting/);
    expect((await getSmsSettings(actor)).state).toBe("on");
  });

  it("five wrong codes end the code; six codes an hour are too many; an admin viewing as the person cannot", async () => {
    const { user } = await createExpert();
    const actor = actorFor(user, ["expert"]);
    await startSmsOptIn(actor, { phone: "3125550143", timeZone: "America/Chicago" });
    for (let i = 0; i < 5; i++) await errorOf(confirmSmsCode(actor, "999999"));
    expect((await errorOf(confirmSmsCode(actor, await lastCode(user.id))))?.message).toMatch(/Too many wrong codes/);
    for (let i = 0; i < 4; i++) await startSmsOptIn(actor, { phone: "3125550143", timeZone: "America/Chicago" });
    expect((await errorOf(startSmsOptIn(actor, { phone: "3125550143", timeZone: "America/Chicago" })))?.code).toBe("THROTTLED");
    const viewer = { ...actor, impersonating: true } as Actor;
    expect((await errorOf(startSmsOptIn(viewer, { phone: "3125550143", timeZone: "UTC" })))?.code).toBe("FORBIDDEN");
    expect((await errorOf(turnOffSms(viewer)))?.code).toBe("FORBIDDEN");
  });
});

describe("texts about a session", () => {
  it("booking, 24 h, 1 h, a changed time and a cancellation, each in the receiver's zone and ending with the STOP line", async () => {
    const pair = await acceptedPair();
    await optIn(pair.expertActor);
    // 2027-01-12 15:00 UTC is 9:00 AM in Chicago.
    const startsAt = new Date("2027-01-12T15:00:00Z");
    await proposeTimes(pair.study.client, pair.engagementId, [startsAt]);
    const [p] = await db().timeProposal.findMany({ where: { engagementId: pair.engagementId } });
    await scheduleEngagement(pair.expertActor, pair.engagementId, { proposalId: p.id });
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: pair.engagementId } });

    const booking = (await messagesOf(pair.expertUser.id)).find((m) => m.kind === "booking")!;
    expect(booking.body).toContain("is booked for Tue, Jan 12, 9:00 AM CST");
    expect(booking.body).toContain(`Join: ${session.meetingUrl}`);
    expect(booking.body.endsWith("Reply STOP to stop.")).toBe(true);
    // Sent by the job at noon Chicago time: the log provider writes it beside the mail.
    expect(await deliverSessionText(booking.id, new Date("2027-01-10T18:00:00Z"), logProvider)).toBe("sent");
    const files = readdirSync(dir).map((f) => readFileSync(path.join(dir, f), "utf8"));
    expect(files.some((f) => f.includes("To: +13125550142") && f.includes("is booked for Tue, Jan 12, 9:00 AM CST"))).toBe(true);
    // Sent once: the job run again does nothing.
    expect(await deliverSessionText(booking.id, new Date("2027-01-10T18:00:00Z"), logProvider)).toBe("done");

    // The reminders, as their jobs run them; a repeated reminder queues nothing new.
    for (const which of ["24h", "1h", "1h"] as const)
      await sendSessionReminder({ sessionId: session.id, which, startsAt: startsAt.toISOString() });
    const kinds = (await messagesOf(pair.expertUser.id)).map((m) => m.kind);
    expect(kinds.filter((k) => k === "reminder_1h")).toHaveLength(1);
    const day = (await messagesOf(pair.expertUser.id)).find((m) => m.kind === "reminder_24h")!;
    expect(day.body).toContain("is tomorrow, Tue, Jan 12, 9:00 AM CST");
    // The 24-hour text at 8:00 AM is due 24 hours before a 9:00 AM session, out of quiet hours: sent.
    expect(await deliverSessionText(day.id, new Date("2027-01-11T15:00:00Z"), logProvider)).toBe("sent");

    // The time moves: a text at once, and the old time's 1-hour reminder no longer goes.
    const later = new Date("2027-01-13T20:00:00Z"); // 2:00 PM CST
    const hour = (await messagesOf(pair.expertUser.id)).find((m) => m.kind === "reminder_1h")!;
    await rescheduleSession(pair.study.client, pair.engagementId, { startsAt: later }, "A board meeting");
    await acceptSessionTime(pair.expertActor, pair.engagementId);
    const changed = (await messagesOf(pair.expertUser.id)).find((m) => m.kind === "changed")!;
    expect(changed.body).toContain("moved to Wed, Jan 13, 2:00 PM CST");
    expect(await deliverSessionText(hour.id, new Date("2027-01-12T14:00:00Z"), logProvider)).toBe("skipped");
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: hour.id } })).note).toMatch(/no longer true/);

    await cancelEngagement(pair.study.client, pair.engagementId, "The study was paused");
    const cancelled = (await messagesOf(pair.expertUser.id)).find((m) => m.kind === "cancelled")!;
    expect(cancelled.body).toContain("on Wed, Jan 13, 2:00 PM CST was cancelled");
    expect(cancelled.body.endsWith("Reply STOP to stop.")).toBe(true);
  });

  it("quiet hours hold a text until 08:00 except the 1-hour reminder; STOP stops what is waiting at once", async () => {
    const pair = await acceptedPair();
    await optIn(pair.expertActor, "3125550144");
    const startsAt = new Date(Date.now() + 72 * HOUR);
    await proposeTimes(pair.study.client, pair.engagementId, [startsAt]);
    const [p] = await db().timeProposal.findMany({ where: { engagementId: pair.engagementId } });
    await scheduleEngagement(pair.expertActor, pair.engagementId, { proposalId: p.id });
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: pair.engagementId } });
    await sendSessionReminder({ sessionId: session.id, which: "24h", startsAt: startsAt.toISOString() });
    await sendSessionReminder({ sessionId: session.id, which: "1h", startsAt: startsAt.toISOString() });
    const byKind = async (k: string) => (await messagesOf(pair.expertUser.id)).find((m) => m.kind === k)!;
    // 11:30 PM in Chicago: the 24-hour text waits for morning, the 1-hour one goes.
    const lateNight = new Date(startsAt.getTime() - 50 * HOUR);
    const quiet = new Date(Date.UTC(lateNight.getUTCFullYear(), lateNight.getUTCMonth(), lateNight.getUTCDate(), 5, 30));
    expect(await deliverSessionText((await byKind("reminder_24h")).id, quiet, logProvider)).toBe("deferred");
    expect(await deliverSessionText((await byKind("reminder_1h")).id, quiet, logProvider)).toBe("sent");

    // STOP from the phone: nothing waiting goes, and Settings says why.
    expect(await applyInboundKeyword("+13125550144", "stop")).toBe(1);
    expect(await deliverSessionText((await byKind("reminder_24h")).id, new Date(), logProvider)).toBe("skipped");
    const settings = await getSmsSettings(pair.expertActor);
    expect(settings).toMatchObject({ state: "stopped", stoppedBy: "stop_reply" });
    // And new texts are not queued at all.
    await cancelEngagement(pair.expertActor, pair.engagementId, "Sick");
    expect((await messagesOf(pair.expertUser.id)).some((m) => m.kind === "cancelled")).toBe(false);
    // START (or the Settings button) turns them on again.
    expect(await applyInboundKeyword("+13125550144", "start")).toBe(1);
    expect((await getSmsSettings(pair.expertActor)).state).toBe("on");
    await turnOffSms(pair.expertActor);
    expect((await getSmsSettings(pair.expertActor)).stoppedBy).toBe("settings");
    await turnOnSms(pair.expertActor);
    expect((await getSmsSettings(pair.expertActor)).state).toBe("on");
  });

  it("no more than the daily cap of texts a day, counted in the person's own day", async () => {
    const pair = await acceptedPair();
    await optIn(pair.expertActor, "3125550145");
    const tomorrow = new Date(Date.now() + 24 * HOUR);
    const noon = new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 18)); // noon in Chicago
    await db().smsMessage.createMany({
      data: Array.from({ length: 8 }, (_, i) => ({
        userId: pair.expertUser.id,
        key: `filler:${i}:${pair.expertUser.id}`,
        kind: "booking",
        phone: "+13125550145",
        body: "x",
        status: "sent",
        sentAt: new Date(noon.getTime() - i * 60_000),
      })),
    });
    const startsAt = new Date(Date.now() + 96 * HOUR);
    await proposeTimes(pair.study.client, pair.engagementId, [startsAt]);
    const [p] = await db().timeProposal.findMany({ where: { engagementId: pair.engagementId } });
    await scheduleEngagement(pair.expertActor, pair.engagementId, { proposalId: p.id });
    const booking = (await messagesOf(pair.expertUser.id)).find((m) => m.kind === "booking" && m.status === "queued")!;
    const outcome = await deliverText(booking.id, noon);
    expect(outcome).toBe("skipped");
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: booking.id } })).note).toMatch(/daily limit of 8/);
  });
});

describe("the 24-hour and 1-hour reminders across the clock changes", () => {
  /** The reminder jobs queued for a session: which, and when each runs. */
  const reminderJobs = (sessionId: string) =>
    db().$queryRaw<{ which: string; run_at: Date }[]>`
      SELECT j.payload->>'which' AS which, j.run_at
      FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'session-reminder' AND j.payload->>'sessionId' = ${sessionId} ORDER BY j.run_at`;

  /** A session at `startsAt` booked by an opted-in expert in Chicago; its reminder texts as their jobs make them. */
  async function bookedAcross(startsAt: Date, phone: string) {
    const pair = await acceptedPair();
    await optIn(pair.expertActor, phone);
    await proposeTimes(pair.study.client, pair.engagementId, [startsAt]);
    const [p] = await db().timeProposal.findMany({ where: { engagementId: pair.engagementId } });
    await scheduleEngagement(pair.expertActor, pair.engagementId, { proposalId: p.id });
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: pair.engagementId } });
    const jobs = await reminderJobs(session.id);
    for (const which of ["24h", "1h"] as const)
      await sendSessionReminder({ sessionId: session.id, which, startsAt: startsAt.toISOString() });
    const texts = await messagesOf(pair.expertUser.id);
    return { jobs, day: texts.find((m) => m.kind === "reminder_24h")!, hour: texts.find((m) => m.kind === "reminder_1h")! };
  }

  it("spring forward: a Sunday 9:00 AM CDT session is reminded 24 real hours before (8:00 AM CST Saturday) and at 8:00 AM CDT", async () => {
    // Clocks in Chicago go from 2:00 CST to 3:00 CDT on Sunday 14 March 2027.
    const startsAt = new Date("2027-03-14T14:00:00Z");
    const { jobs, day, hour } = await bookedAcross(startsAt, "3125550146");
    expect(jobs.map((j) => [j.which, j.run_at.toISOString()])).toEqual([
      ["24h", "2027-03-13T14:00:00.000Z"],
      ["1h", "2027-03-14T13:00:00.000Z"],
    ]);
    expect(day.body).toContain("is tomorrow, Sun, Mar 14, 9:00 AM CDT");
    expect(hour.body).toContain("starts in 1 hour (Sun, Mar 14, 9:00 AM CDT)");
    // 8:00 AM in Chicago on each side of the change: neither is in quiet hours, both go when their job runs.
    expect(await deliverSessionText(day.id, jobs[0].run_at, logProvider)).toBe("sent");
    expect(await deliverSessionText(hour.id, jobs[1].run_at, logProvider)).toBe("sent");
  });

  it("fall back: an 8:30 AM CST session's 1-hour text falls at 7:30 AM, in quiet hours, and still goes; the 24-hour one names CST", async () => {
    // Clocks in Chicago go from 2:00 CDT back to 1:00 CST on Sunday 7 November 2027.
    const startsAt = new Date("2027-11-07T14:30:00Z");
    const { jobs, day, hour } = await bookedAcross(startsAt, "3125550147");
    expect(jobs.map((j) => [j.which, j.run_at.toISOString()])).toEqual([
      ["24h", "2027-11-06T14:30:00.000Z"],
      ["1h", "2027-11-07T13:30:00.000Z"],
    ]);
    expect(day.body).toContain("is tomorrow, Sun, Nov 7, 8:30 AM CST");
    expect(isQuietHour(jobs[1].run_at, "America/Chicago")).toBe(true);
    expect(await deliverSessionText(hour.id, jobs[1].run_at, logProvider)).toBe("sent");
    // The 24-hour text at 9:30 AM CDT the day before goes too.
    expect(await deliverSessionText(day.id, jobs[0].run_at, logProvider)).toBe("sent");
  });
});

describe("a focus group's freed seat", () => {
  it("texts the first person waiting 'A seat is free for you', while the hold lasts", async () => {
    const study = await createStudy({ type: "focus_group", minutes: 60 });
    const { id: studySessionId } = await addStudySession(study.client, study.project.id, {
      startsAt: new Date(Date.now() + 72 * HOUR),
      seats: 1,
      backupSeats: 0,
    });
    const people = [];
    for (let i = 0; i < 2; i++) {
      const { user, expert } = await createExpert();
      const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });
      const actor = actorFor(user, ["expert"]);
      await acceptEngagement(actor, engagementId, { outsideActivityConfirmed: true });
      people.push({ user, actor, engagementId });
    }
    const [seated, waiting] = people;
    await optIn(waiting.actor, "3125550146");
    await takeSeat(seated.actor, seated.engagementId, { studySessionId, kind: "seat" });
    await joinWaitlist(waiting.actor, waiting.engagementId, studySessionId);
    await cancelEngagement(seated.actor, seated.engagementId, "A family matter");
    const offer = (await messagesOf(waiting.user.id)).find((m) => m.kind === "seat_offer")!;
    expect(offer.body).toMatch(
      /^K12 Experts: A seat is free for you in ".+" on .+ C[SD]T\. It is held until .+: http.+ Reply STOP to stop\.$/,
    );
    const noon = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1, 18));
    const seat = await db().studySeat.findUniqueOrThrow({ where: { engagementId: waiting.engagementId } });
    const whileHeld = new Date(Math.min(noon.getTime(), seat.offeredUntil!.getTime() - 60_000));
    expect(await deliverText(offer.id, whileHeld)).toBe(isQuietHour(whileHeld, "America/Chicago") ? "deferred" : "sent");
  });
});

/** The booking text's own relevance check, for a clock in the past of the session (deliverSessionText reads the session). */
const deliverText = (id: string, now: Date) => deliverSessionText(id, now, logProvider);
