import { describe, expect, it } from "vitest";
import {
  describeZone,
  formatClockTime,
  formatDateIn,
  formatTimeRange,
  formatDateTime,
  formatDay,
  formatHourlyRange,
  formatLongDate,
  formatMoney,
  humanize,
} from "@/lib/platform/format";

describe("lib/platform/format", () => {
  it("shows money as dollars with cents, always", () => {
    expect(formatMoney(120_000)).toBe("$1,200.00");
    expect(formatMoney(12_345)).toBe("$123.45");
    expect(formatMoney(0)).toBe("$0.00");
  });
  it("shows an hourly range in whole dollars, or null when both ends are unknown", () => {
    expect(formatHourlyRange(75, 150)).toBe("$75-$150/hr");
    expect(formatHourlyRange(null, 150)).toBe("$150/hr");
    expect(formatHourlyRange(null, null)).toBeNull();
  });
  it("reads a DATE column as the calendar day it names, whatever the reader's zone", () => {
    expect(formatDay("2026-01-15")).toBe("Jan 15, 2026");
    expect(formatDay(new Date("2026-01-15T00:00:00Z"))).toBe("Jan 15, 2026");
    expect(formatDay("2026-01-15", { weekday: true })).toBe("Thu, Jan 15");
  });
  it("shows an instant in the zone it is given", () => {
    const instant = new Date("2026-03-03T19:30:00Z");
    expect(formatDateTime(instant, "America/New_York")).toBe("Mar 3, 2026, 2:30 PM EST");
    expect(formatDateTime(instant, "America/Los_Angeles")).toBe("Mar 3, 2026, 11:30 AM PST");
    expect(formatDateTime(instant, "UTC")).toBe("Mar 3, 2026, 7:30 PM UTC");
    expect(formatDateTime(instant, "America/New_York", { weekday: true })).toBe("Tue, Mar 3, 2:30 PM EST");
    expect(formatLongDate(new Date("2026-11-23T03:00:00Z"), "America/New_York")).toBe("November 22, 2026");
  });
  it("gives an instant's day in the viewer's zone, not the machine's", () => {
    // 23:59 on 1 May in New York is already 2 May in UTC (a project deadline's instant).
    const deadline = new Date("2026-05-02T03:59:00Z");
    expect(formatDateIn(deadline, "America/New_York")).toBe("May 1, 2026");
    expect(formatDateIn(deadline, "America/Los_Angeles")).toBe("May 1, 2026");
    expect(formatDateIn(deadline, "UTC")).toBe("May 2, 2026");
    // A date-only value never moves, whatever zone the reader is in.
    expect(formatDay(new Date("2026-05-01T00:00:00Z"))).toBe("May 1, 2026");
  });
  it("names a zone: its label where the platform offers it, else the IANA name", () => {
    expect(describeZone("America/Chicago")).toBe("Central time (America/Chicago)");
    expect(describeZone("America/Los_Angeles")).toBe("Pacific time (America/Los Angeles)");
    expect(describeZone("America/Phoenix")).toBe("America/Phoenix");
    expect(formatDateTime(new Date("2026-07-01T20:30:00Z"), "America/Chicago")).toBe("Jul 1, 2026, 3:30 PM CDT");
  });
  it("names the zone of a time range once, or twice across a clock change", () => {
    expect(formatTimeRange("2026-03-03T16:00:00Z", "2026-03-03T17:00:00Z", "America/New_York")).toBe("11:00 AM – 12:00 PM EST");
    expect(formatTimeRange("2026-03-03T16:00:00Z", "2026-03-03T17:00:00Z", "America/Chicago")).toBe("10:00 AM – 11:00 AM CST");
    expect(formatTimeRange("2026-03-08T06:30:00Z", "2026-03-08T07:30:00Z", "America/New_York")).toBe("1:30 AM EST – 3:30 AM EDT");
  });
  it("shows wall-clock times in 12-hour form; the hourly grid drops :00", () => {
    expect(formatClockTime("14:30")).toBe("2:30 PM");
    expect(formatClockTime("12:00")).toBe("12:00 PM");
    expect(formatClockTime("00:15")).toBe("12:15 AM");
    expect(formatClockTime("09:00", "hour")).toBe("9 AM");
    expect(formatClockTime("09:30", "hour")).toBe("9:30 AM");
  });
  it("humanizes enum words", () => {
    expect(humanize("focus_group")).toBe("Focus group");
    expect(humanize("very-large")).toBe("Very large");
  });
});
