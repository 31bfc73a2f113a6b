import { describe, expect, it } from "vitest";
import {
  addBlackoutSchema,
  addBlackoutSchemaFor,
  invitesPauseSchemaFor,
  schoolHoursSchema,
} from "@/lib/engagements/schemas/school-calendar";
import { canonicalTimeZone, clientTimeZoneSchema } from "@/lib/accounts/schemas/time-zone";
import { openInviteCapSchema } from "@/lib/engagements/schemas/platform-settings";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe("school hours schema", () => {
  it("takes 24-hour HH:MM, end after start, days 0-6 stored once each in order", () => {
    expect(schoolHoursSchema.parse({ start: "07:30", end: "15:30", days: [5, 1, 1, 0] })).toEqual({
      start: "07:30",
      end: "15:30",
      days: [0, 1, 5],
    });
    expect(schoolHoursSchema.parse({ start: "00:00", end: "23:59", days: [] }).days).toEqual([]);
    expect(messages(schoolHoursSchema.safeParse({ start: "15:30", end: "07:30", days: [1] }))).toEqual([
      "School hours must end after they start.",
    ]);
    for (const bad of ["7:30", "24:00", "07:60", "0730", "07:30 AM", ""])
      expect(schoolHoursSchema.safeParse({ start: bad, end: "15:30", days: [1] }).success, bad).toBe(false);
    for (const bad of [[7], [-1], [1.5], ["1"], null])
      expect(schoolHoursSchema.safeParse({ start: "07:30", end: "15:30", days: bad }).success, String(bad)).toBe(false);
  });
});

describe("blackout schema", () => {
  it("needs a 1-80 character label and a real, ordered day range", () => {
    expect(addBlackoutSchema.parse({ label: " Spring testing ", startsOn: "2030-04-08", endsOn: "2030-04-08" })).toEqual({
      label: "Spring testing",
      startsOn: "2030-04-08",
      endsOn: "2030-04-08",
    });
    expect(messages(addBlackoutSchema.safeParse({ label: "", startsOn: "2030-04-08", endsOn: "2030-04-09" }))).toEqual([
      "Name the blackout (e.g. Spring testing).",
    ]);
    expect(addBlackoutSchema.safeParse({ label: "x".repeat(80), startsOn: "2030-04-08", endsOn: "2030-04-09" }).success).toBe(true);
    expect(addBlackoutSchema.safeParse({ label: "x".repeat(81), startsOn: "2030-04-08", endsOn: "2030-04-09" }).success).toBe(false);
    expect(messages(addBlackoutSchema.safeParse({ label: "B", startsOn: "2030-04-09", endsOn: "2030-04-08" }))).toEqual([
      "The last day cannot be before the first day.",
    ]);
    expect(messages(addBlackoutSchema.safeParse({ label: "B", startsOn: "2030-02-30", endsOn: "2030-03-02" }))).toEqual([
      "Choose a valid first day.",
    ]);
    expect(addBlackoutSchema.safeParse({ label: "B", startsOn: "2028-02-29", endsOn: "2028-03-01" }).success).toBe(true);
  });
  it("refuses one already over on the expert's today", () => {
    const today = "2030-04-10";
    expect(addBlackoutSchemaFor(today).safeParse({ label: "B", startsOn: "2030-04-01", endsOn: "2030-04-10" }).success).toBe(true);
    expect(messages(addBlackoutSchemaFor(today).safeParse({ label: "B", startsOn: "2030-04-01", endsOn: "2030-04-09" }))).toEqual([
      "This blackout is already over: its last day is in the past.",
    ]);
  });
});

describe("pause schema", () => {
  const forToday = invitesPauseSchemaFor("2030-04-10");
  it("takes today or later (up to a year), or null to lift the pause", () => {
    expect(forToday.parse({ until: "2030-04-10" })).toEqual({ until: "2030-04-10" });
    expect(forToday.parse({ until: null })).toEqual({ until: null });
    expect(forToday.safeParse({ until: "2031-04-11" }).success).toBe(true);
    expect(messages(forToday.safeParse({ until: "2031-04-12" }))).toEqual(["Invites can be paused for at most 366 days."]);
    expect(messages(forToday.safeParse({ until: "2030-04-09" }))).toEqual(["The pause date cannot be in the past."]);
    expect(forToday.safeParse({ until: "tomorrow" }).success).toBe(false);
    expect(forToday.safeParse({}).success).toBe(false);
  });
});

describe("time zones", () => {
  it("accepts IANA names by their canonical spelling and refuses abbreviations and offsets", () => {
    expect(canonicalTimeZone("America/Chicago")).toBe("America/Chicago");
    expect(canonicalTimeZone("america/chicago")).toBe("America/Chicago");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    expect(canonicalTimeZone("Asia/Kolkata")).not.toBeNull();
    for (const bad of ["EST", "+05:00", "GMT+5", "Not/AZone", "America/New_York/../../etc", "", " "])
      expect(canonicalTimeZone(bad), bad).toBeNull();
    expect(clientTimeZoneSchema.parse({ timeZone: " Europe/Paris " })).toEqual({ timeZone: "Europe/Paris" });
    expect(messages(clientTimeZoneSchema.safeParse({ timeZone: "Mars/Base" }))).toEqual(["Unknown time zone."]);
  });
});

describe("open-invite cap schema", () => {
  it("takes a whole number from 1 to 50", () => {
    for (const ok of [1, 5, 50]) expect(openInviteCapSchema.safeParse({ cap: ok }).success).toBe(true);
    for (const bad of [0, 51, 2.5, "5", null, Number.NaN])
      expect(messages(openInviteCapSchema.safeParse({ cap: bad })), String(bad)).toContain(
        "The cap must be a whole number between 1 and 50.",
      );
  });
});
