import { describe, expect, it } from "vitest";
import {
  expandWeeklyHours,
  freeWeeklyTimes,
  hourRuns,
  isFreeWeeklyTime,
  overlapsBusy,
  type WeeklyFacts,
} from "@/lib/engagements/weekly-hours";
import type { SchoolCalendar } from "@/lib/engagements/school-hours";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const cal = (over: Partial<SchoolCalendar> = {}): SchoolCalendar => ({
  timeZone: "America/New_York",
  start: "07:30",
  end: "15:30",
  days: [1, 2, 3, 4, 5],
  blackouts: [],
  ...over,
});

describe("expandWeeklyHours", () => {
  it("keeps the wall-clock hour across spring-forward: 8 AM on the Sunday clocks change is 12:00 UTC, a week before 13:00", () => {
    // Saturday 2 March 2030, 07:00 in New York; clocks go forward on Sunday 10 March.
    const now = new Date("2030-03-02T12:00:00Z");
    expect(iso(expandWeeklyHours({ sunday: ["08:00"] }, "America/New_York", now, 2))).toEqual([
      "2030-03-03T13:00:00.000Z",
      "2030-03-10T12:00:00.000Z",
    ]);
  });

  it("and across fall-back; Phoenix keeps one offset all year", () => {
    const now = new Date("2030-10-28T12:00:00Z"); // Monday
    expect(iso(expandWeeklyHours({ monday: ["16:00"] }, "America/New_York", now, 2))).toEqual([
      "2030-10-28T20:00:00.000Z",
      "2030-11-04T21:00:00.000Z",
    ]);
    expect(iso(expandWeeklyHours({ monday: ["16:00"] }, "America/Phoenix", now, 2))).toEqual([
      "2030-10-28T23:00:00.000Z",
      "2030-11-04T23:00:00.000Z",
    ]);
  });

  it("starts from today in the expert's zone, leaves out hours already begun and stops after the weeks asked for", () => {
    // 23:30 UTC on Monday 4 March is still Monday, 18:30, in New York.
    const now = new Date("2030-03-04T23:30:00Z");
    const times = expandWeeklyHours({ monday: ["18:00", "19:00"] }, "America/New_York", now, 1);
    expect(iso(times)).toEqual(["2030-03-05T00:00:00.000Z"]); // 19:00 today; next Monday is the 8th day
  });
});

describe("freeWeeklyTimes", () => {
  const now = new Date("2030-03-01T15:00:00Z"); // Friday 10:00 in New York
  const facts = (over: Partial<WeeklyFacts> = {}): WeeklyFacts => ({
    hours: { monday: ["16:00"] },
    calendar: cal(),
    busy: [],
    now,
    ...over,
  });

  it("offers nothing on a blackout day, counted in the expert's zone", () => {
    const blackout = cal({ blackouts: [{ startsOn: "2030-03-11", endsOn: "2030-03-11", label: "Testing" }] });
    expect(iso(freeWeeklyTimes(facts({ calendar: blackout })))).toEqual(["2030-03-04T21:00:00.000Z", "2030-03-18T20:00:00.000Z"]);
  });

  it("leaves out an hour something busy meets; touching ends do not count", () => {
    const busy = [
      { start: new Date("2030-03-04T21:30:00Z"), end: new Date("2030-03-04T22:15:00Z") },
      { start: new Date("2030-03-11T21:00:00Z"), end: new Date("2030-03-11T22:00:00Z") },
    ];
    expect(iso(freeWeeklyTimes(facts({ busy })))).toEqual(["2030-03-11T20:00:00.000Z", "2030-03-18T20:00:00.000Z"]);
  });

  it("checks a booking over the session's own length", () => {
    const busy = [{ start: new Date("2030-03-04T22:00:00Z"), end: new Date("2030-03-04T23:00:00Z") }];
    const at = new Date("2030-03-04T21:00:00Z");
    expect(isFreeWeeklyTime(at, facts({ busy }), 45)).toBe(true);
    expect(isFreeWeeklyTime(at, facts({ busy }), 90)).toBe(false);
    expect(isFreeWeeklyTime(new Date("2030-03-04T21:30:00Z"), facts(), 30)).toBe(false); // not a grid hour
  });

  it("overlapsBusy", () => {
    const busy = [{ start: new Date("2030-01-01T10:00:00Z"), end: new Date("2030-01-01T11:00:00Z") }];
    expect(overlapsBusy(new Date("2030-01-01T09:00:00Z"), 60, busy)).toBe(false);
    expect(overlapsBusy(new Date("2030-01-01T09:01:00Z"), 60, busy)).toBe(true);
    expect(overlapsBusy(new Date("2030-01-01T11:00:00Z"), 60, busy)).toBe(false);
  });
});

describe("hourRuns", () => {
  it("joins neighbouring hours", () => {
    expect(hourRuns(["19:00", "16:00", "17:00"])).toEqual([
      { start: "16:00", end: "18:00" },
      { start: "19:00", end: "20:00" },
    ]);
    expect(hourRuns([])).toEqual([]);
  });
});
