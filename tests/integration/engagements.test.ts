// The engagement state machine (lib/engagements/transitions.ts) against a real PostgreSQL: every
// transition with its allowed and refused sides and states, double submits, the history, the
// notices (one notification and one queued e-mail each), slots, reminders and late cancels.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import {
  acceptEngagement,
  acceptSessionTime,
  applyToOpportunity,
  cancelEngagement,
  completeSession,
  declineEngagement,
  inviteExpert,
  markNoShow,
  proposeTimes,
  rescheduleSession,
  scheduleEngagement,
  setMeetingLink,
} from "@/lib/engagements/transitions";
import { getProjectPipeline, listOpportunityBoard } from "@/lib/engagements/views";
import { SCREENED_OUT_MESSAGE } from "@/lib/engagements/states";
import { reminderInstants } from "@/lib/engagements/reminders";
import { sendSessionReminder } from "@/lib/engagements/reminder-job";
import { addSlot } from "@/lib/engagements/availability";
import { closeDueProjects } from "@/lib/projects/projects";
import { CLIENT_INVITES_PER_EXPERT, INVITE_WINDOW_DAYS } from "@/lib/engagements/caps";
import { startJobWorker, type JobWorker } from "@/lib/jobs/worker";
import type { ScreenerQuestion } from "@/lib/engagements/screener";
import { actorFor, createClient, createExpert } from "../factories";
import { acceptedPair, createStudy, invitedPair, scheduledPair } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

const smtp = captureMailForFile();

const HOUR = 3_600_000;
const asExpert = (u: { id: string; email: string }): Actor => actorFor(u, ["expert"]);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Mails queued (and not yet sent) to an address. */
const queuedMailsTo = async (to: string) =>
  (
    await db().$queryRaw<
      { subject: string }[]
    >`SELECT payload->>'subject' AS subject FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${to}`
  ).map((r) => r.subject);
const reminderJobs = async (sessionId: string) =>
  db().$queryRaw<
    { key: string; run_at: Date }[]
  >`SELECT key, run_at FROM graphile_worker._private_jobs WHERE key LIKE ${`session-reminder:${sessionId}:%`} ORDER BY run_at`;
const history = async (engagementId: string) =>
  (await db().engagementEvent.findMany({ where: { engagementId }, orderBy: { createdAt: "asc" } })).map(
    (e) => `${e.actorSide}:${e.kind}:${e.fromState ?? "-"}>${e.toState}`,
  );

describe("invite → accept or decline", () => {
  it("the expert answers an invite; the client cannot answer their own; a double click changes nothing", async () => {
    const { study, expertUser, engagementId, expertActor } = await invitedPair();
    await expect(acceptEngagement(study.client, engagementId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const first = await acceptEngagement(expertActor, engagementId, { outsideActivityConfirmed: true });
    const again = await acceptEngagement(expertActor, engagementId, { outsideActivityConfirmed: true });
    expect(first).toMatchObject({ state: "accepted", changed: true });
    expect(again).toMatchObject({ state: "accepted", changed: false });
    expect(await history(engagementId)).toEqual(["client:invited:->invited", "expert:accept:invited>accepted"]);
    // One notice each way: the invite to the expert, the acceptance to the client.
    expect(await db().notification.count({ where: { userId: expertUser.id, engagementId } })).toBe(1);
    expect(await db().notification.count({ where: { userId: study.clientUser.id, engagementId } })).toBe(1);
    expect(await queuedMailsTo(expertUser.email)).toHaveLength(1);
    expect(await queuedMailsTo(study.clientUser.email)).toHaveLength(1);
    // Declining what is already accepted is refused with the state named.
    await expect(declineEngagement(expertActor, engagementId)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("a decline keeps its reason in the history; the client sees it as declined", async () => {
    const { study, engagementId, expertActor } = await invitedPair();
    await declineEngagement(expertActor, engagementId, "Testing window");
    expect(await declineEngagement(expertActor, engagementId, "again")).toMatchObject({ changed: false });
    const events = await db().engagementEvent.findMany({ where: { engagementId, kind: "declined" } });
    expect(events).toHaveLength(1);
    expect(events[0].reason).toBe("Testing window");
    const pipeline = await getProjectPipeline(study.client, study.project.id);
    expect(pipeline.columns.find((c) => c.state === "declined")!.engagements.map((e) => e.id)).toEqual([engagementId]);
    await expect(acceptEngagement(expertActor, engagementId, { outsideActivityConfirmed: true })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("people outside the engagement are told it does not exist", async () => {
    const { engagementId } = await invitedPair();
    const strangerClient = actorFor(await createClient(), ["client"]);
    const strangerExpert = asExpert((await createExpert()).user);
    for (const actor of [strangerClient, strangerExpert]) {
      await expect(acceptEngagement(actor, engagementId)).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(cancelEngagement(actor, engagementId, "nope")).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(acceptEngagement(null, engagementId)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

const SCREENER: ScreenerQuestion[] = [
  {
    id: "q1",
    text: "Which grades does your school serve?",
    kind: "single",
    options: [
      { id: "es", label: "Elementary", effect: "qualify" },
      { id: "hs", label: "High school", effect: "disqualify" },
    ],
  },
  {
    id: "q2",
    text: "Which tools do you use?",
    kind: "multiple",
    options: [
      { id: "a", label: "Tool A", effect: "neutral" },
      { id: "b", label: "Tool B", effect: "neutral" },
    ],
  },
];

describe("apply with a screener → the client accepts", () => {
  it("a qualifying answer applies; the client accepts; the expert cannot accept their own application", async () => {
    const study = await createStudy({ screener: SCREENER });
    const { user } = await createExpert();
    const expertActor = asExpert(user);
    await expect(
      applyToOpportunity(expertActor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      applyToOpportunity(expertActor, {
        opportunityId: study.opportunity.id,
        outsideActivityConfirmed: true,
        answers: { q1: ["es", "hs"], q2: ["a"] },
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const applied = await applyToOpportunity(expertActor, {
      opportunityId: study.opportunity.id,
      outsideActivityConfirmed: true,
      answers: { q1: ["es"], q2: ["a", "b"] },
    });
    expect(applied).toMatchObject({ state: "applied", created: true, message: null });
    expect(
      await applyToOpportunity(expertActor, {
        opportunityId: study.opportunity.id,
        outsideActivityConfirmed: true,
        answers: { q1: ["es"], q2: ["a"] },
      }),
    ).toMatchObject({ engagementId: applied.engagementId, created: false });
    await expect(acceptEngagement(expertActor, applied.engagementId, { outsideActivityConfirmed: true })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const pipeline = await getProjectPipeline(study.client, study.project.id);
    const row = pipeline.columns.find((c) => c.state === "applied")!.engagements[0];
    expect(row.answers).toEqual([
      { question: "Which grades does your school serve?", answers: ["Elementary"] },
      { question: "Which tools do you use?", answers: ["Tool A", "Tool B"] },
    ]);
    expect(row.expert.email).toBeNull(); // not before acceptance
    expect(await acceptEngagement(study.client, applied.engagementId)).toMatchObject({ state: "accepted" });
  });

  it("a disqualifying answer ends the application politely and the client sees it apart", async () => {
    const study = await createStudy({ screener: SCREENER });
    const { user } = await createExpert();
    const result = await applyToOpportunity(asExpert(user), {
      opportunityId: study.opportunity.id,
      outsideActivityConfirmed: true,
      answers: { q1: ["hs"], q2: ["a"] },
    });
    expect(result).toMatchObject({ state: "screened_out", message: SCREENED_OUT_MESSAGE });
    expect(SCREENED_OUT_MESSAGE).toBe("This study is looking for a different profile. Thanks for your time.");
    const pipeline = await getProjectPipeline(study.client, study.project.id);
    expect(pipeline.columns.find((c) => c.state === "screened_out")!.engagements).toHaveLength(1);
    expect(pipeline.columns.find((c) => c.state === "applied")!.engagements).toHaveLength(0);
    // The client is not notified of a screened-out applicant.
    expect(await db().notification.count({ where: { userId: study.clientUser.id } })).toBe(0);
  });

  it("only verified experts apply; invite-only, paused and past-deadline projects take no applications", async () => {
    const study = await createStudy();
    const pending = await createExpert({ verificationStatus: "pending" });
    const rejected = await createExpert({ verificationStatus: "rejected" });
    await expect(
      applyToOpportunity(asExpert(pending.user), { opportunityId: study.opportunity.id, outsideActivityConfirmed: true }),
    ).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("still being verified") });
    await expect(
      applyToOpportunity(asExpert(rejected.user), { opportunityId: study.opportunity.id, outsideActivityConfirmed: true }),
    ).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("not approved") });
    const board = await listOpportunityBoard(asExpert(pending.user));
    expect(board.open).toHaveLength(0);
    expect(board.notice).toContain("still being verified");

    const verified = asExpert((await createExpert()).user);
    const inviteOnly = await createStudy({ visibility: "invite_only" });
    await expect(
      applyToOpportunity(verified, { opportunityId: inviteOnly.opportunity.id, outsideActivityConfirmed: true }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listOpportunityBoard(verified)).open.map((o) => o.id)).not.toContain(inviteOnly.opportunity.id);

    const paused = await createStudy();
    await db().project.update({ where: { id: paused.project.id }, data: { status: "paused" } });
    await expect(
      applyToOpportunity(verified, { opportunityId: paused.opportunity.id, outsideActivityConfirmed: true }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "This project is paused and not taking new applications." });
    const late = await createStudy();
    await expect(
      applyToOpportunity(
        verified,
        { opportunityId: late.opportunity.id, outsideActivityConfirmed: true },
        new Date(Date.now() + 30 * 86_400_000),
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("scheduling", () => {
  it("the client proposes up to 3 times, the expert picks one; one session row, reminders at 24 h and 1 h before", async () => {
    const { study, engagementId, expertActor } = await acceptedPair();
    const now = new Date();
    const times = [2, 3, 4].map((d) => new Date(now.getTime() + d * 24 * HOUR));
    await expect(proposeTimes(expertActor, engagementId, times)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(proposeTimes(study.client, engagementId, [new Date(now.getTime() - HOUR)])).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await proposeTimes(study.client, engagementId, times);
    const proposals = await db().timeProposal.findMany({ where: { engagementId }, orderBy: { startsAt: "asc" } });
    expect(proposals).toHaveLength(3);
    const picked = await scheduleEngagement(expertActor, engagementId, { proposalId: proposals[1].id }, now);
    expect(picked).toMatchObject({ state: "scheduled", changed: true });
    expect(await scheduleEngagement(expertActor, engagementId, { proposalId: proposals[1].id }, now)).toMatchObject({ changed: false });
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId } });
    expect(session.startsAt.getTime()).toBe(times[1].getTime());
    expect(session.endsAt.getTime() - session.startsAt.getTime()).toBe(45 * 60_000);
    expect(await db().timeProposal.count({ where: { engagementId } })).toBe(0);
    const jobs = await reminderJobs(session.id);
    expect(jobs.map((j) => [j.key.split(":").at(-1), j.run_at.getTime()])).toEqual([
      ["24h", times[1].getTime() - 24 * HOUR],
      ["1h", times[1].getTime() - HOUR],
    ]);
  });

  it("Pick Time takes the expert's own slot once; another engagement cannot book it", async () => {
    const a = await acceptedPair();
    const slot = await addSlot(a.expertActor, { date: inDays(3), startTime: "16:00", endTime: "17:00", timezone: "America/Chicago" });
    const stranger = await acceptedPair();
    await expect(scheduleEngagement(stranger.expertActor, stranger.engagementId, { slotId: slot.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await scheduleEngagement(a.expertActor, a.engagementId, { slotId: slot.id });
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: a.engagementId } });
    const chicago = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Chicago",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(session.startsAt);
    expect(chicago).toBe(`${inDays(3)}, 16:00`);
    expect(await db().availabilitySlot.findUniqueOrThrow({ where: { id: slot.id } })).toMatchObject({ isAvailable: false });
    // The expert's second accepted engagement cannot take the same slot.
    const second = await createStudy();
    const { engagementId: e2 } = await inviteExpert(second.client, { projectId: second.project.id, expertId: a.expert.id });
    await acceptEngagement(a.expertActor, e2, { outsideActivityConfirmed: true });
    await expect(scheduleEngagement(a.expertActor, e2, { slotId: slot.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a new time accepted by the other side: same session id (calendar UID), sequence grows, reminders move, old slot freed", async () => {
    const { study, engagementId, expertActor } = await acceptedPair();
    const slot = await addSlot(expertActor, { date: inDays(4), startTime: "16:00", endTime: "17:00", timezone: "America/New_York" });
    await scheduleEngagement(expertActor, engagementId, { slotId: slot.id });
    const before = await db().engagementSession.findUniqueOrThrow({ where: { engagementId } });
    const moved = new Date(before.startsAt.getTime() + 2 * 24 * HOUR);
    await rescheduleSession(study.client, engagementId, { startsAt: moved }, "Our researcher is out that day");
    expect(await rescheduleSession(study.client, engagementId, { startsAt: moved }, "double click")).toMatchObject({ changed: false });
    await acceptSessionTime(expertActor, engagementId);
    const after = await db().engagementSession.findUniqueOrThrow({ where: { engagementId } });
    expect(after.id).toBe(before.id);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(after.startsAt.getTime()).toBe(moved.getTime());
    expect(after.slotId).toBeNull();
    expect(await db().availabilitySlot.findUniqueOrThrow({ where: { id: slot.id } })).toMatchObject({ isAvailable: true });
    expect((await reminderJobs(after.id)).map((j) => j.run_at.getTime())).toEqual([moved.getTime() - 24 * HOUR, moved.getTime() - HOUR]);
    const events = await db().engagementEvent.findMany({ where: { engagementId, kind: "rescheduled" } });
    expect(events.map((e) => e.reason)).toEqual(["Our researcher is out that day"]);
    // The expert cannot invent a time; they pick a slot or a proposal.
    await expect(
      rescheduleSession(expertActor, engagementId, { startsAt: new Date(moved.getTime() + HOUR) }, "later"),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    // The meeting link is the client's to set.
    await expect(setMeetingLink(expertActor, engagementId, "https://meet.example.org/x")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await setMeetingLink(study.client, engagementId, "https://meet.example.org/x");
    expect((await db().engagementSession.findUniqueOrThrow({ where: { engagementId } })).meetingUrl).toBe("https://meet.example.org/x");
  });

  it("a stale reminder (the session moved) sends nothing; a current one notifies both sides", async () => {
    const { study, engagementId, expertActor, expertUser } = await acceptedPair();
    const startsAt = new Date(Date.now() + 3 * 24 * HOUR);
    await proposeTimes(study.client, engagementId, [startsAt]);
    const [p] = await db().timeProposal.findMany({ where: { engagementId } });
    await scheduleEngagement(expertActor, engagementId, { proposalId: p.id });
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId } });
    const before = await db().notification.count({ where: { userId: expertUser.id } });
    expect(
      await sendSessionReminder({ sessionId: session.id, which: "24h", startsAt: new Date(startsAt.getTime() - HOUR).toISOString() }),
    ).toBe(false);
    expect(await sendSessionReminder({ sessionId: session.id, which: "24h", startsAt: startsAt.toISOString() })).toBe(true);
    expect(await db().notification.count({ where: { userId: expertUser.id } })).toBe(before + 1);
    expect(await db().notification.count({ where: { userId: study.clientUser.id, kind: "reminder_24h" } })).toBe(1);
    // emailReminders off: the 1 h reminder reaches the menu, not the inbox.
    await db().notificationPreference.create({ data: { userId: expertUser.id, emailReminders: false } });
    const mailsBefore = (await queuedMailsTo(expertUser.email)).length;
    expect(await sendSessionReminder({ sessionId: session.id, which: "1h", startsAt: startsAt.toISOString() })).toBe(true);
    expect(await db().notification.count({ where: { userId: expertUser.id, kind: "reminder_1h" } })).toBe(1);
    expect(await queuedMailsTo(expertUser.email)).toHaveLength(mailsBefore);
    expect((await queuedMailsTo(study.clientUser.email)).filter((s) => s.startsWith("Starting in 1 hour"))).toHaveLength(1);
  });

  it("reminder instants: 24 h and 1 h before; past ones are skipped", () => {
    const start = new Date("2026-03-08T15:00:00Z");
    expect(reminderInstants(start, new Date("2026-03-01T00:00:00Z")).map((r) => r.at.toISOString())).toEqual([
      "2026-03-07T15:00:00.000Z",
      "2026-03-08T14:00:00.000Z",
    ]);
    expect(reminderInstants(start, new Date("2026-03-08T00:00:00Z")).map((r) => r.which)).toEqual(["1h"]);
    expect(reminderInstants(start, new Date("2026-03-08T14:30:00Z"))).toEqual([]);
  });
});

describe("ending", () => {
  it("a client cancelling under 24 h before is a late cancel; the reminders are dropped; a second cancel changes nothing", async () => {
    const { study, engagementId } = await scheduledPair(10);
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId } });
    expect(await reminderJobs(session.id)).toHaveLength(1); // the 24 h one was already past
    await cancelEngagement(study.client, engagementId, "Budget was cut");
    expect(await cancelEngagement(study.client, engagementId, "again")).toMatchObject({ changed: false });
    const e = await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, include: { session: true } });
    expect(e).toMatchObject({ state: "cancelled", lateCancel: true, cancelReason: "Budget was cut", cancelledById: study.clientUser.id });
    expect(e.cancelledAt).toBeInstanceOf(Date);
    expect(e.session?.status).toBe("cancelled");
    expect(await reminderJobs(session.id)).toHaveLength(0);
    expect((await history(engagementId)).at(-1)).toBe("client:late_cancel:scheduled>cancelled");
  });

  it("an expert cancelling, or a client cancelling days ahead, is not a late cancel", async () => {
    const a = await scheduledPair(72);
    await cancelEngagement(a.study.client, a.engagementId, "Plans changed");
    expect(await db().engagement.findUniqueOrThrow({ where: { id: a.engagementId } })).toMatchObject({ lateCancel: false });
    const b = await scheduledPair(5);
    await cancelEngagement(b.expertActor, b.engagementId, "Sick");
    expect(await db().engagement.findUniqueOrThrow({ where: { id: b.engagementId } })).toMatchObject({
      lateCancel: false,
      cancelledById: b.expertUser.id,
    });
  });

  it("complete only after the start and only by the client; a no-show only after the start", async () => {
    const { study, engagementId, expertActor, startsAt } = await scheduledPair(30);
    await expect(completeSession(study.client, engagementId)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The session has not started yet.",
    });
    const later = new Date(startsAt.getTime() + HOUR);
    await expect(completeSession(expertActor, engagementId, later)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await completeSession(study.client, engagementId, later)).toMatchObject({ state: "completed", changed: true });
    expect(await completeSession(study.client, engagementId, later)).toMatchObject({ changed: false });
    await expect(markNoShow(study.client, engagementId, null, later)).rejects.toMatchObject({ code: "CONFLICT" });
    const other = await scheduledPair(30);
    expect(
      await markNoShow(other.study.client, other.engagementId, "Did not join", new Date(other.startsAt.getTime() + HOUR)),
    ).toMatchObject({ state: "no_show" });
  });
});

describe("caps", () => {
  it("at most N open invites per expert (admin-set, default 5)", async () => {
    const { expert } = await createExpert();
    for (let i = 0; i < 5; i++) {
      const s = await createStudy({}, await createClientOf(`Org ${i} ${expert.id}`));
      await inviteExpert(s.client, { projectId: s.project.id, expertId: expert.id });
    }
    const sixth = await createStudy({}, await createClientOf(`Org 6 ${expert.id}`));
    await expect(inviteExpert(sixth.client, { projectId: sixth.project.id, expertId: expert.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("already has 5 open invites"),
    });
    await db().platformSetting.upsert({
      where: { key: "open_invite_cap" },
      create: { key: "open_invite_cap", value: 6 },
      update: { value: 6 },
    });
    try {
      await expect(inviteExpert(sixth.client, { projectId: sixth.project.id, expertId: expert.id })).resolves.toMatchObject({
        created: true,
      });
    } finally {
      await db().platformSetting.delete({ where: { key: "open_invite_cap" } });
    }
  });

  it("one client account invites one expert at most twice in 30 days, across its projects; another account typing the same organization name keeps its own allowance", async () => {
    const { expert } = await createExpert();
    const org = `Acme Research ${expert.id}`;
    const client = await createClientOf(org);
    for (let i = 0; i < 2; i++) {
      const s = await createStudy({}, client);
      const { engagementId } = await inviteExpert(s.client, { projectId: s.project.id, expertId: expert.id });
      await db().engagement.update({ where: { id: engagementId }, data: { state: "declined" } }); // answered: not open any more
    }
    const third = await createStudy({ deadlineDays: 60 }, client);
    await expect(inviteExpert(third.client, { projectId: third.project.id, expertId: expert.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Your organization has already invited this expert ${CLIENT_INVITES_PER_EXPERT} times in the last ${INVITE_WINDOW_DAYS} days.`,
    });
    // Someone else who registered as "Acme Research" has used none of it, and uses none of it up.
    const namesake = await createStudy({}, await createClientOf(org.toUpperCase()));
    await expect(inviteExpert(namesake.client, { projectId: namesake.project.id, expertId: expert.id })).resolves.toMatchObject({
      created: true,
    });
    // 31 days later the window has moved on.
    await expect(
      inviteExpert(third.client, { projectId: third.project.id, expertId: expert.id }, new Date(Date.now() + 31 * 86_400_000)),
    ).resolves.toMatchObject({ created: true });
  });

  it("an expert's pause refuses invites until the day after", async () => {
    const { expert } = await createExpert({ invitesPausedUntil: new Date(`${inDays(5)}T00:00:00Z`) });
    const s = await createStudy();
    await expect(inviteExpert(s.client, { projectId: s.project.id, expertId: expert.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("paused invites until"),
    });
  });
});

describe("e-mail notices", () => {
  it("each notice is queued once with its transition and sent once with two workers running", async () => {
    // Only this test's mail in the queue: earlier tests' backlog (announcements to every test
    // expert) is not what is measured here, and an invite-only project announces nothing.
    await db().$executeRaw`DELETE FROM graphile_worker._private_jobs`;
    const { study, engagementId, expertActor, expertUser } = await acceptedPair({ visibility: "invite_only" });
    await proposeTimes(study.client, engagementId, [new Date(Date.now() + 5 * 24 * HOUR)]);
    const [p] = await db().timeProposal.findMany({ where: { engagementId } });
    await scheduleEngagement(expertActor, engagementId, { proposalId: p.id });
    await scheduleEngagement(expertActor, engagementId, { proposalId: p.id }); // double click: no second notice
    const toClient = await queuedMailsTo(study.clientUser.email);
    const toExpert = await queuedMailsTo(expertUser.email);
    expect(toClient).toHaveLength(2); // accepted, scheduled
    expect(toExpert).toHaveLength(2); // invited, proposed
    const workers: JobWorker[] = await Promise.all([startJobWorker({ concurrency: 2 }), startJobWorker({ concurrency: 2 })]);
    try {
      const deadline = Date.now() + 15_000;
      while (
        (await queuedMailsTo(study.clientUser.email)).length + (await queuedMailsTo(expertUser.email)).length > 0 &&
        Date.now() < deadline
      )
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const delivered = smtp()
      .messages()
      .filter((m) => m.to.includes(study.clientUser.email) || m.to.includes(expertUser.email));
    expect(delivered).toHaveLength(4);
    const scheduledMail = delivered.find((m) => m.to.includes(study.clientUser.email) && /Content-Type: text\/calendar/i.test(m.raw));
    expect(scheduledMail, "the scheduled notice carries the .ics").toBeTruthy();
  });

  it("an expert who turned opportunity e-mails off gets the invite in the menu but not by e-mail", async () => {
    const { user, expert } = await createExpert();
    await db().notificationPreference.create({ data: { userId: user.id, emailOpportunities: false } });
    const s = await createStudy();
    await inviteExpert(s.client, { projectId: s.project.id, expertId: expert.id });
    expect(await db().notification.count({ where: { userId: user.id } })).toBe(1);
    expect(await queuedMailsTo(user.email)).toHaveLength(0);
  });
});

async function createClientOf(organization: string) {
  const user = await createClient();
  await db().clientProfile.update({ where: { userId: user.id }, data: { organization } });
  return user;
}

describe("the deadline job", () => {
  it("closes projects past their deadline, answers what was waiting, and runs twice harmlessly", async () => {
    const { study, engagementId, expertUser } = await invitedPair();
    const applicant = await createExpert();
    const applied = await applyToOpportunity(asExpert(applicant.user), {
      opportunityId: study.opportunity.id,
      outsideActivityConfirmed: true,
    });
    const accepted = await acceptedPair();
    // A minute past the last deadline: a deadline day ends at 23:59 in the project's zone, which
    // in UTC can fall on the next day (a fixed "now + 15 days" missed it between 00:00 and 05:00 UTC).
    const { _max } = await db().project.aggregate({ _max: { deadline: true } });
    const after = new Date(_max.deadline!.getTime() + 60_000);
    const closed = await closeDueProjects(after);
    expect(closed).toBeGreaterThanOrEqual(2);
    expect(await db().project.findUniqueOrThrow({ where: { id: study.project.id } })).toMatchObject({ status: "closed" });
    expect(await db().opportunity.findUniqueOrThrow({ where: { id: study.opportunity.id } })).toMatchObject({ status: "closed" });
    for (const id of [engagementId, applied.engagementId]) {
      expect(await db().engagement.findUniqueOrThrow({ where: { id } })).toMatchObject({ state: "declined" });
      expect((await history(id)).at(-1)).toMatch(/^system:project_closed:(invited|applied)>declined$/);
    }
    // Work already agreed carries on.
    expect(await db().engagement.findUniqueOrThrow({ where: { id: accepted.engagementId } })).toMatchObject({ state: "accepted" });
    expect(await db().notification.count({ where: { userId: expertUser.id, kind: "project_closed" } })).toBe(1);
    expect(await closeDueProjects(after, study.project.id)).toBe(0);
    // Each project queued its own deadline job when it was created.
    const [job] = await db().$queryRaw<
      { run_at: Date }[]
    >`SELECT run_at FROM graphile_worker._private_jobs WHERE key = ${`close-project:${study.project.id}`}`;
    expect(job.run_at.getTime()).toBe(study.project.deadline!.getTime());
  });
});
