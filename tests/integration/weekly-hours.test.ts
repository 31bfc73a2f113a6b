// The expert's weekly hours as bookable time, against a real PostgreSQL with an injected clock:
// Pick Time lists them in the expert's zone across a daylight-saving change, after school first;
// blackout days, booked sessions and one-off slots take them out; booking one is race-safe and a
// cancel or a move gives it back; an edit of the hours takes effect at once, on the expert's own
// row only; and a one-off slot repeats weekly in one action, all or none.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createClient, createExpert } from "@/tests/factories";
import { createStudy, engagementIn } from "@/tests/studies";
import { listPickableSlots } from "@/lib/engagements/views";
import {
  acceptEngagement,
  cancelEngagement,
  inviteExpert,
  keepSessionTime,
  rescheduleSession,
  scheduleEngagement,
} from "@/lib/engagements/transitions";
import { addSlot, addSlots, listSlots, removeSlot, saveWeeklyHours } from "@/lib/engagements/availability";
import { addBlackout } from "@/lib/engagements/school-calendar";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

// Friday 1 March 2030, 10:00 in New York. Clocks go forward on Sunday 10 March, so the three
// weeks Pick Time offers (1–21 March) straddle the change.
const NOW = new Date("2030-03-01T15:00:00Z");
const ZONE = "America/New_York";
const HOURS = { monday: ["10:00", "16:00"], saturday: ["09:00"] };

async function expertWithHours(hours: Record<string, string[]> = HOURS) {
  const { user, expert } = await createExpert({ timeZone: ZONE, availabilityHours: hours });
  return { user, expert, actor: actorFor(user, ["expert"]) };
}

/** An engagement of this expert's that the expert accepted, waiting for Pick Time. */
async function acceptedFor(x: { expert: { id: string }; actor: ReturnType<typeof actorFor> }, minutes = 45) {
  const study = await createStudy({ minutes });
  const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: x.expert.id });
  await acceptEngagement(x.actor, engagementId, { outsideActivityConfirmed: true });
  return { study, engagementId };
}

const weeklyIds = async (actor: ReturnType<typeof actorFor>, now = NOW) =>
  (await listPickableSlots(actor, now)).filter((t) => t.source === "weekly").map((t) => t.id);

describe("Pick Time offers the weekly hours", () => {
  it("in the expert's zone across the daylight-saving change, after school first, with the school-hours note kept", async () => {
    const x = await expertWithHours();
    const list = await listPickableSlots(x.actor, NOW);
    expect(list.map((t) => [t.source, t.startsAt.toISOString(), t.duringSchool])).toEqual([
      // After school: Saturdays at 9 AM and Mondays at 4 PM; 9 AM is 14:00 UTC before the change, 13:00 after.
      ["weekly", "2030-03-02T14:00:00.000Z", false],
      ["weekly", "2030-03-04T21:00:00.000Z", false],
      ["weekly", "2030-03-09T14:00:00.000Z", false],
      ["weekly", "2030-03-11T20:00:00.000Z", false],
      ["weekly", "2030-03-16T13:00:00.000Z", false],
      ["weekly", "2030-03-18T20:00:00.000Z", false],
      // Then the Monday 10 AM hours, during school.
      ["weekly", "2030-03-04T15:00:00.000Z", true],
      ["weekly", "2030-03-11T14:00:00.000Z", true],
      ["weekly", "2030-03-18T14:00:00.000Z", true],
    ]);
    expect(list.every((t) => t.id === t.startsAt.toISOString())).toBe(true);
    // Two days later the weeks have slid on: the first Saturday is past, a fourth one comes in.
    const later = await weeklyIds(x.actor, new Date("2030-03-03T12:00:00Z"));
    expect(later).not.toContain("2030-03-02T14:00:00.000Z");
    expect(later).toContain("2030-03-23T13:00:00.000Z");
  });

  it("offers nothing on a blackout day, and refuses to book it", async () => {
    const x = await expertWithHours();
    await addBlackout(x.actor, { label: "State testing", startsOn: "2030-03-11", endsOn: "2030-03-11" }, NOW);
    const ids = await weeklyIds(x.actor);
    expect(ids).not.toContain("2030-03-11T20:00:00.000Z");
    expect(ids).not.toContain("2030-03-11T14:00:00.000Z");
    expect(ids).toContain("2030-03-18T20:00:00.000Z");
    const { engagementId } = await acceptedFor(x);
    await expect(scheduleEngagement(x.actor, engagementId, { weeklyAt: new Date("2030-03-11T20:00:00Z") }, NOW)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await db().engagementSession.count({ where: { engagementId } })).toBe(0);
  });

  it("leaves out hours a scheduled session meets, and one-off slots inside that session", async () => {
    const x = await expertWithHours();
    // 4:30–5:15 PM on Monday 4 March takes the 4 PM hour; 3:15–4:00 PM on the 11th only touches it.
    await engagementIn("scheduled", await createStudy(), x.expert.id, { startsAt: new Date("2030-03-04T21:30:00Z") });
    await engagementIn("scheduled", await createStudy(), x.expert.id, { startsAt: new Date("2030-03-11T19:15:00Z") });
    const inside = await addSlot(x.actor, { date: "2030-03-04", startTime: "17:00", endTime: "17:30", timezone: ZONE }, NOW);
    const after = await addSlot(x.actor, { date: "2030-03-04", startTime: "17:30", endTime: "18:30", timezone: ZONE }, NOW);
    const ids = (await listPickableSlots(x.actor, NOW)).map((t) => t.id);
    expect(ids).not.toContain("2030-03-04T21:00:00.000Z");
    expect(ids).toContain("2030-03-11T20:00:00.000Z");
    expect(ids).not.toContain(inside.id);
    expect(ids).toContain(after.id);
  });

  it("never doubles a one-off slot: the slot is offered, the weekly hour under it is not, and cannot be booked", async () => {
    const x = await expertWithHours();
    const slot = await addSlot(x.actor, { date: "2030-03-18", startTime: "16:00", endTime: "17:00", timezone: ZONE }, NOW);
    const list = await listPickableSlots(x.actor, NOW);
    const at18 = list.filter((t) => t.startsAt.toISOString() === "2030-03-18T20:00:00.000Z");
    expect(at18).toEqual([{ source: "slot", id: slot.id, startsAt: new Date("2030-03-18T20:00:00Z"), duringSchool: false }]);
    const { engagementId } = await acceptedFor(x);
    await expect(scheduleEngagement(x.actor, engagementId, { weeklyAt: new Date("2030-03-18T20:00:00Z") }, NOW)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    // Removing the slot hands the hour back to the weekly hours.
    await removeSlot(x.actor, slot.id);
    expect(await weeklyIds(x.actor)).toContain("2030-03-18T20:00:00.000Z");
  });
});

describe("booking a weekly time", () => {
  it("schedules the session at that instant, takes the time, and a cancel gives it back", async () => {
    const x = await expertWithHours();
    const { engagementId } = await acceptedFor(x);
    const at = new Date("2030-03-11T20:00:00Z");
    const result = await scheduleEngagement(x.actor, engagementId, { weeklyAt: at }, NOW);
    expect(result).toMatchObject({ state: "scheduled", changed: true });
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId } });
    expect(session).toMatchObject({ startsAt: at, endsAt: new Date("2030-03-11T20:45:00Z"), slotId: null, status: "scheduled" });
    // Ten days ahead: the client keeps the whole free-cancel window, so the time is agreed.
    expect(session.agreedAt).not.toBeNull();
    expect(await weeklyIds(x.actor)).not.toContain(at.toISOString());

    await cancelEngagement(x.actor, engagementId, "Something came up at school", NOW);
    expect(await weeklyIds(x.actor)).toContain(at.toISOString());
  });

  it("is race-safe: two engagements picking the same time at once get it once", async () => {
    const x = await expertWithHours();
    const a = await acceptedFor(x);
    const b = await acceptedFor(x);
    const at = new Date("2030-03-04T21:00:00Z");
    const results = await Promise.allSettled([
      scheduleEngagement(x.actor, a.engagementId, { weeklyAt: at }, NOW),
      scheduleEngagement(x.actor, b.engagementId, { weeklyAt: at }, NOW),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "CONFLICT", message: "That time is no longer free. Please choose another time." });
    expect(await db().engagementSession.count({ where: { startsAt: at, engagement: { expertId: x.expert.id } } })).toBe(1);
  });

  it("a move holds the proposed weekly time until it is answered; keeping the old time gives it back", async () => {
    const x = await expertWithHours();
    const { engagementId } = await acceptedFor(x);
    await scheduleEngagement(x.actor, engagementId, { weeklyAt: new Date("2030-03-04T21:00:00Z") }, NOW);
    const next = new Date("2030-03-18T20:00:00Z");
    await rescheduleSession(x.actor, engagementId, { weeklyAt: next }, "A board meeting moved", NOW);
    expect((await db().engagementSession.findUniqueOrThrow({ where: { engagementId } })).proposedStartsAt).toEqual(next);
    expect(await weeklyIds(x.actor)).not.toContain(next.toISOString());
    await keepSessionTime(x.actor, engagementId);
    const ids = await weeklyIds(x.actor);
    expect(ids).toContain(next.toISOString());
    expect(ids).not.toContain("2030-03-04T21:00:00.000Z"); // the session still holds its own time
  });

  it("refuses an hour that is not in the grid, one too long for the next session, and a weekly time from the client", async () => {
    const x = await expertWithHours({ monday: ["16:00"] });
    const { engagementId, study } = await acceptedFor(x, 90);
    await expect(scheduleEngagement(x.actor, engagementId, { weeklyAt: new Date("2030-03-04T22:00:00Z") }, NOW)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    // A session from 5 PM on the 4th: the 4 PM hour is free, but a 90-minute study would run into it.
    await engagementIn("scheduled", await createStudy(), x.expert.id, { startsAt: new Date("2030-03-04T22:00:00Z") });
    expect(await weeklyIds(x.actor)).toContain("2030-03-04T21:00:00.000Z");
    await expect(scheduleEngagement(x.actor, engagementId, { weeklyAt: new Date("2030-03-04T21:00:00Z") }, NOW)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await scheduleEngagement(x.actor, engagementId, { weeklyAt: new Date("2030-03-11T20:00:00Z") }, NOW);
    await expect(
      rescheduleSession(study.client, engagementId, { weeklyAt: new Date("2030-03-18T20:00:00Z") }, "Our team moved", NOW),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("editing the weekly hours", () => {
  it("takes effect on the next listing, is read back by the calendar, and refuses a bad grid without changing anything", async () => {
    const x = await expertWithHours();
    expect(await saveWeeklyHours(x.actor, { availabilityHours: { tuesday: ["17:00", "16:00", "17:00"] } })).toEqual({
      tuesday: ["16:00", "17:00"],
    });
    const ids = await weeklyIds(x.actor);
    expect(ids).toEqual([
      "2030-03-05T21:00:00.000Z",
      "2030-03-05T22:00:00.000Z",
      "2030-03-12T20:00:00.000Z",
      "2030-03-12T21:00:00.000Z",
      "2030-03-19T20:00:00.000Z",
      "2030-03-19T21:00:00.000Z",
    ]);
    expect((await listSlots(x.actor, "2030-03", NOW)).weeklyHours).toEqual({ tuesday: ["16:00", "17:00"] });
    await expect(saveWeeklyHours(x.actor, { availabilityHours: { tuesday: ["07:00"] } })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(saveWeeklyHours(x.actor, { availabilityHours: { funday: ["09:00"] } } as never)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await db().expert.findUniqueOrThrow({ where: { id: x.expert.id } })).availabilityHours).toEqual({
      tuesday: ["16:00", "17:00"],
    });
    // Clearing the grid leaves nothing to offer.
    await saveWeeklyHours(x.actor, { availabilityHours: {} });
    expect(await listPickableSlots(x.actor, NOW)).toEqual([]);
  });

  it("edits only the acting expert's own hours: another expert's save leaves them alone, a client is refused", async () => {
    const mine = await expertWithHours();
    const theirs = await expertWithHours({});
    const before = await weeklyIds(mine.actor);
    await saveWeeklyHours(theirs.actor, { availabilityHours: { monday: ["19:00"] } });
    expect(await weeklyIds(mine.actor)).toEqual(before);
    expect((await db().expert.findUniqueOrThrow({ where: { id: mine.expert.id } })).availabilityHours).toEqual(HOURS);
    const client = actorFor(await createClient(), ["client"]);
    await expect(saveWeeklyHours(client, { availabilityHours: { monday: ["08:00"] } })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(saveWeeklyHours(null, { availabilityHours: {} })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    // Nor can another expert book or see this expert's weekly time.
    const { engagementId } = await acceptedFor(mine);
    await expect(scheduleEngagement(theirs.actor, engagementId, { weeklyAt: new Date("2030-03-04T21:00:00Z") }, NOW)).rejects.toMatchObject(
      { code: "NOT_FOUND" },
    );
    expect(await weeklyIds(theirs.actor)).toEqual(["2030-03-05T00:00:00.000Z", "2030-03-11T23:00:00.000Z", "2030-03-18T23:00:00.000Z"]);
  });
});

describe("Repeat weekly (one-off slots)", () => {
  it("adds the same times on the same weekday for the weeks asked, all or none", async () => {
    const x = await expertWithHours({});
    const added = await addSlots(
      x.actor,
      { date: "2030-03-05", startTime: "09:00", endTime: "10:00", timezone: ZONE, repeatWeeks: 3 },
      NOW,
    );
    expect(added.map((s) => s.date)).toEqual(["2030-03-05", "2030-03-12", "2030-03-19"]);
    await expect(
      addSlots(x.actor, { date: "2030-02-26", startTime: "09:30", endTime: "10:30", timezone: ZONE, repeatWeeks: 4 }, NOW),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      addSlots(x.actor, { date: "2030-03-12", startTime: "09:30", endTime: "10:30", timezone: ZONE, repeatWeeks: 4 }, NOW),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This overlaps your 09:00-10:00 slot on Mar 12, 2030.",
    });
    await expect(
      addSlots(x.actor, { date: "2030-03-05", startTime: "11:00", endTime: "12:00", timezone: ZONE, repeatWeeks: 13 }, NOW),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await db().availabilitySlot.count({ where: { expertId: x.expert.id } })).toBe(3);
    // Each is a slot of its own: Pick Time offers all three.
    expect((await listPickableSlots(x.actor, NOW)).map((t) => t.id).sort()).toEqual(added.map((s) => s.id).sort());
  });
});
