import { describe, expect, it } from "vitest";
import { dayIn, toWallClock, zonedTimeToUtc } from "@/lib/platform/zoned-time";
import { formatDateTime, formatTimeOfDay } from "@/lib/platform/format";

// The two 2026 daylight-saving days in the United States: 8 March (2:00 → 3:00) and 1 November
// (2:00 → 1:00). Phoenix keeps Mountain Standard Time all year. The rule for the skipped and the
// doubled hour is docs/decisions/0024-viewer-time-zones.md.
const NY = "America/New_York";
const PHX = "America/Phoenix";
const utc = (date: string, time: string, zone: string) => zonedTimeToUtc(date, time, zone).toISOString();

describe("zonedTimeToUtc on the spring-forward day (2026-03-08)", () => {
  it("New York: standard time before 2:00, daylight time after", () => {
    expect(utc("2026-03-08", "01:30", NY)).toBe("2026-03-08T06:30:00.000Z");
    expect(utc("2026-03-08", "03:00", NY)).toBe("2026-03-08T07:00:00.000Z");
    expect(utc("2026-03-08", "09:00", NY)).toBe("2026-03-08T13:00:00.000Z");
  });
  it("New York: 2:30, which no clock shows, is read as 3:30 daylight time", () => {
    expect(utc("2026-03-08", "02:30", NY)).toBe("2026-03-08T07:30:00.000Z");
    expect(formatTimeOfDay(zonedTimeToUtc("2026-03-08", "02:30", NY), NY)).toBe("3:30 AM EDT");
    expect(utc("2026-03-08", "02:00", NY)).toBe(utc("2026-03-08", "03:00", NY));
  });
  it("a slot across the gap is an hour shorter than its clock times say", () => {
    const start = zonedTimeToUtc("2026-03-08", "01:00", NY).getTime();
    const end = zonedTimeToUtc("2026-03-08", "04:00", NY).getTime();
    expect((end - start) / 3_600_000).toBe(2);
  });
  it("Phoenix: no change, 2:30 exists and is UTC−7", () => {
    expect(utc("2026-03-08", "01:30", PHX)).toBe("2026-03-08T08:30:00.000Z");
    expect(utc("2026-03-08", "02:30", PHX)).toBe("2026-03-08T09:30:00.000Z");
    expect(utc("2026-03-08", "09:00", PHX)).toBe("2026-03-08T16:00:00.000Z");
    expect(formatTimeOfDay(zonedTimeToUtc("2026-03-08", "02:30", PHX), PHX)).toBe("2:30 AM MST");
  });
});

describe("zonedTimeToUtc on the fall-back day (2026-11-01)", () => {
  it("New York: 1:30 happens twice and is read as the first, daylight time", () => {
    expect(utc("2026-11-01", "01:30", NY)).toBe("2026-11-01T05:30:00.000Z");
    expect(formatTimeOfDay(zonedTimeToUtc("2026-11-01", "01:30", NY), NY)).toBe("1:30 AM EDT");
    // The second 1:30 (EST) is one hour later; both print as 1:30 with their own abbreviation.
    expect(formatTimeOfDay(new Date("2026-11-01T06:30:00Z"), NY)).toBe("1:30 AM EST");
    expect(toWallClock("2026-11-01T06:30:00Z", NY)).toBe("2026-11-01T01:30");
  });
  it("New York: before and after the doubled hour", () => {
    expect(utc("2026-11-01", "00:30", NY)).toBe("2026-11-01T04:30:00.000Z");
    expect(utc("2026-11-01", "02:30", NY)).toBe("2026-11-01T07:30:00.000Z");
    expect(utc("2026-11-01", "09:00", NY)).toBe("2026-11-01T14:00:00.000Z");
  });
  it("a slot across the doubled hour is an hour longer than its clock times say", () => {
    const start = zonedTimeToUtc("2026-11-01", "01:00", NY).getTime();
    const end = zonedTimeToUtc("2026-11-01", "03:00", NY).getTime();
    expect((end - start) / 3_600_000).toBe(3);
  });
  it("Phoenix: 1:30 happens once, UTC−7", () => {
    expect(utc("2026-11-01", "01:30", PHX)).toBe("2026-11-01T08:30:00.000Z");
    expect(utc("2026-11-01", "09:00", PHX)).toBe("2026-11-01T16:00:00.000Z");
    expect(formatDateTime(zonedTimeToUtc("2026-11-01", "09:00", PHX), PHX)).toBe("Nov 1, 2026, 9:00 AM MST");
  });
});

describe("round trips and days near the changes", () => {
  it("every half hour of both days comes back to the clock time it was read from, except the skipped hour", () => {
    for (const [day, zone] of [
      ["2026-03-08", NY],
      ["2026-11-01", NY],
      ["2026-03-08", PHX],
      ["2026-11-01", PHX],
    ] as const) {
      for (let m = 0; m < 24 * 60; m += 30) {
        const time = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
        const skipped = zone === NY && day === "2026-03-08" && time.startsWith("02:");
        const back = toWallClock(zonedTimeToUtc(day, time, zone), zone);
        expect(back).toBe(skipped ? `${day}T03:${time.slice(3)}` : `${day}T${time}`);
      }
    }
  });
  it("a slot late in the evening stays on its own day in its zone", () => {
    expect(dayIn(zonedTimeToUtc("2026-03-08", "23:30", NY), NY)).toBe("2026-03-08");
    expect(dayIn(zonedTimeToUtc("2026-11-01", "23:30", PHX), PHX)).toBe("2026-11-01");
  });
  it("refuses a day or time that is not one", () => {
    expect(() => zonedTimeToUtc("2026-03-08", "25:00", NY)).toThrow();
    expect(() => zonedTimeToUtc("8 March", "09:00", NY)).toThrow();
  });
});
