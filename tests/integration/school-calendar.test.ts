import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createClient, createExpert } from "@/tests/factories";
import { duringSchoolHours } from "@/lib/engagements/school-hours";
import { addBlackout, getSchoolCalendar, removeBlackout, saveSchoolHours, setInvitesPausedUntil } from "@/lib/engagements/school-calendar";
import { schoolCalendarOf } from "@/lib/engagements/expert-availability";
import { MAX_UPCOMING_BLACKOUTS } from "@/lib/engagements/schemas/school-calendar";

const asExpert = (user: { id: string; email: string }) => actorFor(user, ["expert"]);
// A fixed "now" (Thursday 10 January 2030, 10:00 in New York) keeps every date rule deterministic.
const NOW = new Date("2030-01-10T15:00:00Z");

describe("school hours", () => {
  it("starts from the defaults and saves hours and days on the expert's own row", async () => {
    const { user, expert } = await createExpert();
    const other = await createExpert();
    const cal = await getSchoolCalendar(asExpert(user), NOW);
    expect(cal).toEqual({
      timeZone: "America/New_York",
      today: "2030-01-10",
      start: "07:30",
      end: "15:30",
      days: [1, 2, 3, 4, 5],
      blackouts: [],
      invitesPausedUntil: null,
    });

    const saved = await saveSchoolHours(asExpert(user), { start: "08:15", end: "14:45", days: [5, 1, 3, 3] }, NOW);
    expect(saved).toMatchObject({ start: "08:15", end: "14:45", days: [1, 3, 5] });
    const row = await db().expert.findUniqueOrThrow({ where: { id: expert.id } });
    expect(row).toMatchObject({ schoolHoursStart: "08:15", schoolHoursEnd: "14:45", schoolDays: [1, 3, 5] });
    // Nobody else's row moved.
    expect(await db().expert.findUniqueOrThrow({ where: { id: other.expert.id } })).toMatchObject({
      schoolHoursStart: "07:30",
      schoolHoursEnd: "15:30",
      schoolDays: [1, 2, 3, 4, 5],
    });
  });

  it("refuses hours that end before they start, malformed times and unknown days", async () => {
    const { user } = await createExpert();
    await expect(saveSchoolHours(asExpert(user), { start: "15:00", end: "09:00", days: [1] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "School hours must end after they start.",
      fieldErrors: { end: ["School hours must end after they start."] },
    });
    await expect(saveSchoolHours(asExpert(user), { start: "09:00", end: "09:00", days: [1] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(saveSchoolHours(asExpert(user), { start: "7:30", end: "15:30", days: [1] })).rejects.toMatchObject({
      message: "Enter the start time as HH:MM (24-hour), e.g. 07:30.",
    });
    await expect(saveSchoolHours(asExpert(user), { start: "07:30", end: "24:00", days: [1] })).rejects.toMatchObject({
      fieldErrors: { end: [expect.stringContaining("HH:MM")] },
    });
    await expect(saveSchoolHours(asExpert(user), { start: "07:30", end: "15:30", days: [7] })).rejects.toMatchObject({
      message: "School days are 0 (Sunday) to 6 (Saturday).",
    });
    expect((await getSchoolCalendar(asExpert(user))).start).toBe("07:30");
  });

  it("is for experts only", async () => {
    const client = await createClient();
    await expect(getSchoolCalendar(actorFor(client, ["client"]))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(saveSchoolHours(null, { start: "08:00", end: "15:00", days: [1] })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("blackouts", () => {
  it("adds, lists soonest first and removes the expert's own", async () => {
    const { user } = await createExpert();
    const later = await addBlackout(asExpert(user), { label: "  Winter break ", startsOn: "2030-12-20", endsOn: "2031-01-03" }, NOW);
    const sooner = await addBlackout(asExpert(user), { label: "State testing", startsOn: "2030-04-08", endsOn: "2030-04-08" }, NOW);
    expect(later).toMatchObject({ label: "Winter break", startsOn: "2030-12-20", endsOn: "2031-01-03" });
    expect((await getSchoolCalendar(asExpert(user), NOW)).blackouts.map((b) => b.label)).toEqual(["State testing", "Winter break"]);

    await removeBlackout(asExpert(user), sooner.id);
    expect((await getSchoolCalendar(asExpert(user), NOW)).blackouts.map((b) => b.id)).toEqual([later.id]);
    await expect(removeBlackout(asExpert(user), sooner.id)).rejects.toMatchObject({ code: "NOT_FOUND", message: "Blackout not found." });
  });

  it("never removes another expert's blackout: it is 'not found' and stays", async () => {
    const owner = await createExpert();
    const intruder = await createExpert();
    const theirs = await addBlackout(asExpert(owner.user), { label: "Spring break", startsOn: "2030-03-25", endsOn: "2030-03-29" }, NOW);
    await expect(removeBlackout(asExpert(intruder.user), theirs.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Blackout not found.",
    });
    expect(await db().schoolBlackout.findUnique({ where: { id: theirs.id } })).not.toBeNull();
    expect((await getSchoolCalendar(asExpert(intruder.user), NOW)).blackouts).toEqual([]);
    await expect(removeBlackout(asExpert(intruder.user), "not-a-uuid")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const client = await createClient();
    await expect(removeBlackout(actorFor(client, ["client"]), theirs.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().schoolBlackout.count({ where: { id: theirs.id } })).toBe(1);
  });

  it("refuses a missing or long label, a reversed or impossible range, and a blackout already over", async () => {
    const { user, expert } = await createExpert();
    const add = (input: { label: string; startsOn: string; endsOn: string }) => addBlackout(asExpert(user), input, NOW);
    await expect(add({ label: "   ", startsOn: "2030-02-01", endsOn: "2030-02-02" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: { label: ["Name the blackout (e.g. Spring testing)."] },
    });
    await expect(add({ label: "x".repeat(81), startsOn: "2030-02-01", endsOn: "2030-02-02" })).rejects.toMatchObject({
      message: "Keep the name to 80 characters or fewer.",
    });
    await expect(add({ label: "Backwards", startsOn: "2030-02-05", endsOn: "2030-02-01" })).rejects.toMatchObject({
      fieldErrors: { endsOn: ["The last day cannot be before the first day."] },
    });
    await expect(add({ label: "Leap", startsOn: "2030-02-29", endsOn: "2030-03-01" })).rejects.toMatchObject({
      message: "Choose a valid first day.",
    });
    await expect(add({ label: "Too long", startsOn: "2030-02-01", endsOn: "2031-03-01" })).rejects.toMatchObject({
      message: "A blackout can cover at most 366 days.",
    });
    await expect(add({ label: "Last week", startsOn: "2030-01-02", endsOn: "2030-01-09" })).rejects.toMatchObject({
      fieldErrors: { endsOn: ["This blackout is already over: its last day is in the past."] },
    });
    // One that is still on today (in the expert's zone) is fine, and 80 characters are too.
    await expect(add({ label: "y".repeat(80), startsOn: "2030-01-07", endsOn: "2030-01-10" })).resolves.toMatchObject({
      endsOn: "2030-01-10",
    });
    expect(await db().schoolBlackout.count({ where: { expertId: expert.id } })).toBe(1);
  });

  it("keeps the list to the upcoming ones and caps how many an expert keeps", async () => {
    const { user, expert } = await createExpert();
    await db().schoolBlackout.create({
      data: {
        expertId: expert.id,
        label: "Long ago",
        startsOn: new Date("2029-03-01T00:00:00Z"),
        endsOn: new Date("2029-03-05T00:00:00Z"),
      },
    });
    await db().schoolBlackout.createMany({
      data: Array.from({ length: MAX_UPCOMING_BLACKOUTS }, (_, i) => ({
        expertId: expert.id,
        label: `Day ${i}`,
        startsOn: new Date(Date.UTC(2030, 1, 1 + i)),
        endsOn: new Date(Date.UTC(2030, 1, 1 + i)),
      })),
    });
    const cal = await getSchoolCalendar(asExpert(user), NOW);
    expect(cal.blackouts).toHaveLength(MAX_UPCOMING_BLACKOUTS);
    expect(cal.blackouts.some((b) => b.label === "Long ago")).toBe(false);
    await expect(
      addBlackout(asExpert(user), { label: "One more", startsOn: "2030-06-01", endsOn: "2030-06-01" }, NOW),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("pause invites", () => {
  it("sets, shows and clears a pause date; the day is the expert's own", async () => {
    const { user, expert } = await createExpert({ timeZone: "Pacific/Honolulu" });
    // 05:00 UTC on 11 January is still 10 January (19:00) in Honolulu: "today" there.
    const now = new Date("2030-01-11T05:00:00Z");
    await expect(setInvitesPausedUntil(asExpert(user), "2030-01-10", now)).resolves.toEqual({ invitesPausedUntil: "2030-01-10" });
    expect((await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).invitesPausedUntil?.toISOString()).toBe(
      "2030-01-10T00:00:00.000Z",
    );
    expect((await getSchoolCalendar(asExpert(user), now)).invitesPausedUntil).toBe("2030-01-10");
    // The next day the pause is over and no longer shown.
    expect((await getSchoolCalendar(asExpert(user), new Date("2030-01-12T05:00:00Z"))).invitesPausedUntil).toBeNull();

    await setInvitesPausedUntil(asExpert(user), "2030-02-01", now);
    await expect(setInvitesPausedUntil(asExpert(user), null, now)).resolves.toEqual({ invitesPausedUntil: null });
    expect((await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).invitesPausedUntil).toBeNull();
  });

  it("refuses a day in the past, more than a year ahead, or not a day at all", async () => {
    const { user, expert } = await createExpert();
    await expect(setInvitesPausedUntil(asExpert(user), "2030-01-09", NOW)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: { until: ["The pause date cannot be in the past."] },
    });
    await expect(setInvitesPausedUntil(asExpert(user), "2031-01-12", NOW)).rejects.toMatchObject({
      message: "Invites can be paused for at most 366 days.",
    });
    await expect(setInvitesPausedUntil(asExpert(user), "soon", NOW)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).invitesPausedUntil).toBeNull();
  });
});

describe("what the engagement rules read (schoolCalendarOf)", () => {
  it("is what the expert saved, in the shape the pure helper takes", async () => {
    const { user, expert } = await createExpert({ timeZone: "America/Phoenix" });
    await saveSchoolHours(asExpert(user), { start: "08:00", end: "15:00", days: [1, 2, 3, 4, 5] }, NOW);
    await addBlackout(asExpert(user), { label: "Testing week", startsOn: "2030-04-08", endsOn: "2030-04-12" }, NOW);
    const cal = await schoolCalendarOf(expert.id);
    expect(cal).toEqual({
      timeZone: "America/Phoenix",
      start: "08:00",
      end: "15:00",
      days: [1, 2, 3, 4, 5],
      blackouts: [{ startsOn: "2030-04-08", endsOn: "2030-04-12", label: "Testing week" }],
    });
    expect(duringSchoolHours(new Date("2030-01-10T15:00:00Z"), cal)).toBe(true); // 08:00 in Phoenix
    expect(duringSchoolHours(new Date("2030-01-10T22:00:00Z"), cal)).toBe(false); // 15:00
    expect(duringSchoolHours(new Date("2030-04-13T03:00:00Z"), cal)).toBe(true); // 20:00 on the 12th, a blackout day
  });
});
