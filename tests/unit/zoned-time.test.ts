import { describe, expect, it } from "vitest";
import { dayIn, fromWallClock, toWallClock } from "@/lib/platform/zoned-time";
import { formatDayHeading, formatTimeOfDay } from "@/lib/platform/format";

describe("lib/platform/zoned-time", () => {
  it("reads a datetime-local value in the named zone, not the machine's", () => {
    expect(fromWallClock("2026-03-03T14:30", "America/New_York")?.toISOString()).toBe("2026-03-03T19:30:00.000Z");
    expect(fromWallClock("2026-07-03T14:30", "America/New_York")?.toISOString()).toBe("2026-07-03T18:30:00.000Z");
    expect(fromWallClock("2026-07-03T14:30", "Pacific/Honolulu")?.toISOString()).toBe("2026-07-04T00:30:00.000Z");
    expect(fromWallClock("2026-07-03T14:30:00", "UTC")?.toISOString()).toBe("2026-07-03T14:30:00.000Z");
  });
  it("settles the offset on both daylight-saving days", () => {
    // 8 March 2026: 2:00 → 3:00 in New York. 1:30 is EST, 3:30 EDT.
    expect(fromWallClock("2026-03-08T01:30", "America/New_York")?.toISOString()).toBe("2026-03-08T06:30:00.000Z");
    expect(fromWallClock("2026-03-08T03:30", "America/New_York")?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 1 November 2026: 2:00 → 1:00. Noon is EST.
    expect(fromWallClock("2026-11-01T12:00", "America/New_York")?.toISOString()).toBe("2026-11-01T17:00:00.000Z");
  });
  it("refuses what is not a wall-clock time", () => {
    expect(fromWallClock("", "America/New_York")).toBeNull();
    expect(fromWallClock("2026-03-03", "America/New_York")).toBeNull();
    expect(fromWallClock("2026-13-03T10:00", "America/New_York")).toBeNull();
    expect(fromWallClock("2026-03-03T10:00Z", "America/New_York")).toBeNull();
  });
  it("round-trips an instant through the wall clock of a zone", () => {
    const at = new Date("2026-05-06T15:45:00Z");
    for (const zone of [
      "America/New_York",
      "America/Chicago",
      "America/Denver",
      "America/Los_Angeles",
      "America/Anchorage",
      "Pacific/Honolulu",
      "Europe/London",
    ]) {
      expect(fromWallClock(toWallClock(at, zone), zone)?.toISOString()).toBe(at.toISOString());
    }
    expect(toWallClock(at, "America/Chicago")).toBe("2026-05-06T10:45");
  });
  it("names the day an instant falls on in a zone", () => {
    const lateEvening = new Date("2026-05-07T02:00:00Z");
    expect(dayIn(lateEvening, "America/Los_Angeles")).toBe("2026-05-06");
    expect(dayIn(lateEvening, "UTC")).toBe("2026-05-07");
    expect(dayIn("2026-01-01T05:00:00Z", "America/New_York")).toBe("2026-01-01");
    expect(dayIn("2026-01-01T04:59:00Z", "America/New_York")).toBe("2025-12-31");
  });
  it("formats a day heading and a named time of day", () => {
    expect(formatDayHeading("2026-03-03")).toBe("Tuesday, March 3, 2026");
    expect(formatTimeOfDay("2026-03-03T19:30:00Z", "America/New_York")).toBe("2:30 PM EST");
  });
});
