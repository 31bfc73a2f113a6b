import { describe, expect, it } from "vitest";
import { duringSchoolHours, inBlackout, type SchoolCalendar } from "@/lib/engagements/school-hours";

const WEEKDAYS = [1, 2, 3, 4, 5];
const cal = (over: Partial<SchoolCalendar> = {}): SchoolCalendar => ({
  timeZone: "America/New_York",
  start: "07:30",
  end: "15:30",
  days: WEEKDAYS,
  blackouts: [],
  ...over,
});
const at = (iso: string) => new Date(iso);

describe("duringSchoolHours", () => {
  it("reads the clock in the expert's zone: start included, end excluded", () => {
    const ny = cal();
    // Thursday 15 January 2026, New York on EST (UTC-5).
    expect(duringSchoolHours(at("2026-01-15T12:29:00Z"), ny)).toBe(false); // 07:29
    expect(duringSchoolHours(at("2026-01-15T12:30:00Z"), ny)).toBe(true); // 07:30
    expect(duringSchoolHours(at("2026-01-15T20:29:00Z"), ny)).toBe(true); // 15:29
    expect(duringSchoolHours(at("2026-01-15T20:30:00Z"), ny)).toBe(false); // 15:30
  });

  it("keeps the same wall-clock hours across New York's spring-forward weekend", () => {
    const ny = cal();
    // Friday 6 March 2026 (EST, UTC-5): 07:30 is 12:30 UTC.
    expect(duringSchoolHours(at("2026-03-06T12:29:00Z"), ny)).toBe(false);
    expect(duringSchoolHours(at("2026-03-06T12:30:00Z"), ny)).toBe(true);
    // Monday 9 March 2026 (EDT, UTC-4): 07:30 is now 11:30 UTC, and 12:29 UTC is inside.
    expect(duringSchoolHours(at("2026-03-09T11:29:00Z"), ny)).toBe(false);
    expect(duringSchoolHours(at("2026-03-09T11:30:00Z"), ny)).toBe(true);
    expect(duringSchoolHours(at("2026-03-09T19:29:00Z"), ny)).toBe(true); // 15:29 EDT
    expect(duringSchoolHours(at("2026-03-09T19:30:00Z"), ny)).toBe(false); // 15:30 EDT
  });

  it("handles the daylight-saving day itself (Sunday 8 March 2026: 02:00 EST jumps to 03:00 EDT)", () => {
    const sundays = cal({ start: "02:30", end: "04:00", days: [0] });
    expect(duringSchoolHours(at("2026-03-08T06:59:00Z"), sundays)).toBe(false); // 01:59 EST
    expect(duringSchoolHours(at("2026-03-08T07:00:00Z"), sundays)).toBe(true); // 03:00 EDT
    expect(duringSchoolHours(at("2026-03-08T07:59:00Z"), sundays)).toBe(true); // 03:59 EDT
    expect(duringSchoolHours(at("2026-03-08T08:00:00Z"), sundays)).toBe(false); // 04:00 EDT
    // Fall back, Sunday 1 November 2026: 01:30 happens twice, and both are inside 01:00–02:00.
    const night = cal({ start: "01:00", end: "02:00", days: [0] });
    expect(duringSchoolHours(at("2026-11-01T05:30:00Z"), night)).toBe(true); // 01:30 EDT
    expect(duringSchoolHours(at("2026-11-01T06:30:00Z"), night)).toBe(true); // 01:30 EST
    expect(duringSchoolHours(at("2026-11-01T07:00:00Z"), night)).toBe(false); // 02:00 EST
  });

  it("uses Phoenix's fixed offset (UTC-7) in winter and summer alike", () => {
    const phx = cal({ timeZone: "America/Phoenix" });
    for (const day of ["2026-01-15", "2026-07-15"]) {
      expect(duringSchoolHours(at(`${day}T14:29:00Z`), phx)).toBe(false); // 07:29 MST
      expect(duringSchoolHours(at(`${day}T14:30:00Z`), phx)).toBe(true); // 07:30 MST
      expect(duringSchoolHours(at(`${day}T22:29:00Z`), phx)).toBe(true); // 15:29 MST
      expect(duringSchoolHours(at(`${day}T22:30:00Z`), phx)).toBe(false); // 15:30 MST
    }
    // The same instant is school time in New York (08:30 EDT) but not yet in Phoenix (05:30 MST).
    expect(duringSchoolHours(at("2026-07-15T12:30:00Z"), cal())).toBe(true);
    expect(duringSchoolHours(at("2026-07-15T12:30:00Z"), phx)).toBe(false);
  });

  it("only counts the expert's school days, by the local date", () => {
    const ny = cal();
    // Saturday 18 April 2026, 10:00 EDT.
    expect(duringSchoolHours(at("2026-04-18T14:00:00Z"), ny)).toBe(false);
    expect(duringSchoolHours(at("2026-04-18T14:00:00Z"), cal({ days: [6] }))).toBe(true);
    // Monday 02:00 UTC is still Sunday evening in New York: not a school day.
    expect(duringSchoolHours(at("2026-04-13T02:00:00Z"), cal({ start: "00:00", end: "23:59" }))).toBe(false);
    expect(duringSchoolHours(at("2026-01-15T15:00:00Z"), cal({ days: [] }))).toBe(false);
  });

  it("treats a blackout day as school time at any hour, weekends included", () => {
    const ny = cal({ blackouts: [{ startsOn: "2026-04-13", endsOn: "2026-04-18", label: "Spring testing" }] });
    expect(duringSchoolHours(at("2026-04-17T23:00:00Z"), ny)).toBe(true); // Friday 19:00 EDT
    expect(duringSchoolHours(at("2026-04-18T16:00:00Z"), ny)).toBe(true); // Saturday noon
    expect(duringSchoolHours(at("2026-04-19T16:00:00Z"), ny)).toBe(false); // Sunday, after it
  });
});

describe("inBlackout", () => {
  const ny = cal({
    blackouts: [
      { startsOn: "2026-04-13", endsOn: "2026-04-17", label: "Spring testing" },
      { startsOn: "2026-12-21", endsOn: "2027-01-01", label: "Winter break" },
    ],
  });

  it("names the blackout covering the expert's local day, both ends included", () => {
    expect(inBlackout(at("2026-04-13T04:00:00Z"), ny)).toEqual({ label: "Spring testing" }); // 00:00 EDT on the first day
    expect(inBlackout(at("2026-04-13T03:59:00Z"), ny)).toBeNull(); // 23:59 the day before
    // 23:30 EDT on the last day is already 18 April in UTC, but still the 17th in New York.
    expect(inBlackout(at("2026-04-18T03:30:00Z"), ny)).toEqual({ label: "Spring testing" });
    expect(inBlackout(at("2026-04-18T04:30:00Z"), ny)).toBeNull();
    expect(inBlackout(at("2026-12-31T17:00:00Z"), ny)).toEqual({ label: "Winter break" });
    expect(inBlackout(at("2027-01-02T17:00:00Z"), ny)).toBeNull();
  });

  it("reads the day in the expert's zone, not the server's", () => {
    const phx = { ...ny, timeZone: "America/Phoenix" };
    // 06:30 UTC on 13 April is 02:30 in New York (inside) but 23:30 on the 12th in Phoenix (outside).
    expect(inBlackout(at("2026-04-13T06:30:00Z"), ny)).toEqual({ label: "Spring testing" });
    expect(inBlackout(at("2026-04-13T06:30:00Z"), phx)).toBeNull();
  });
});
