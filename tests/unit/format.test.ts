import { describe, expect, it } from "vitest";
import { formatClockTime, formatDateTime, formatDay, formatHourlyRange, formatLongDate, formatMoney, humanize } from "@/lib/format";

describe("lib/format", () => {
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
