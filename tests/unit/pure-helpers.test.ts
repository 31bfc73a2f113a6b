import { describe, expect, it } from "vitest";
import { completedStepCount, isOnboardingComplete, nextIncompleteStep, profileCompleteness } from "@/lib/accounts/onboarding-steps";
import { nextFriday, weekOfYear } from "@/lib/platform/dates";
import { areaFor, onboardingGateApplies, safeCallbackPath } from "@/lib/accounts/route-rules";
import { filledOf, formatOf, hasLocation, perUnit } from "@/lib/vocabulary/studies";
import { boardListOf } from "@/lib/engagements/board-lists";
import { capacityShortfall } from "@/lib/samples/capacity";

const none = {
  stepBasics: false,
  stepLinkedin: false,
  stepExpertise: false,
  stepPreferences: false,
  stepPayments: false,
  stepPulse: false,
};

describe("profile steps", () => {
  it("follows the fixed order and is null when all are done", () => {
    expect(nextIncompleteStep(none)).toBe("basics");
    expect(nextIncompleteStep({ ...none, stepBasics: true, stepLinkedin: true })).toBe("expertise");
    expect(nextIncompleteStep({ ...none, stepBasics: true, stepExpertise: true })).toBe("linkedin");
    const all = Object.fromEntries(Object.keys(none).map((k) => [k, true])) as typeof none;
    expect(nextIncompleteStep(all)).toBeNull();
    expect(isOnboardingComplete(all)).toBe(true);
    expect(isOnboardingComplete(null)).toBe(false);
  });
  it("computes completeness as a rounded percentage of 6", () => {
    expect(profileCompleteness(none)).toBe(0);
    expect(profileCompleteness({ ...none, stepBasics: true })).toBe(17);
    expect(profileCompleteness({ ...none, stepBasics: true, stepLinkedin: true, stepPulse: true, stepPayments: true })).toBe(67);
    expect(completedStepCount({ ...none, stepPulse: true })).toBe(1);
  });
});

describe("dates", () => {
  it("counts weeks from 1 January", () => {
    expect(weekOfYear(new Date("2026-01-01T10:00:00Z"))).toBe(1);
    expect(weekOfYear(new Date("2026-01-07T10:00:00Z"))).toBe(1);
    expect(weekOfYear(new Date("2026-01-08T10:00:00Z"))).toBe(2);
    expect(weekOfYear(new Date("2026-12-31T10:00:00Z"))).toBe(53);
  });
  it("gives the next Friday (a Friday gives the following one)", () => {
    expect(nextFriday(new Date("2026-11-21T12:00:00Z")).toISOString().slice(0, 10)).toBe("2026-11-27"); // Saturday
    expect(nextFriday(new Date("2026-11-26T12:00:00Z")).toISOString().slice(0, 10)).toBe("2026-11-27"); // Thursday
    expect(nextFriday(new Date("2026-11-27T12:00:00Z")).toISOString().slice(0, 10)).toBe("2026-12-04"); // Friday
    // 03:00 UTC on Friday is Thursday evening in California: that expert's payout is the next day.
    expect(nextFriday(new Date("2026-11-27T03:00:00Z"), "America/Los_Angeles").toISOString().slice(0, 10)).toBe("2026-11-27");
    expect(nextFriday(new Date("2026-11-27T03:00:00Z"), "UTC").toISOString().slice(0, 10)).toBe("2026-12-04");
    // 23:30 UTC on Thursday is Friday morning in Guam (UTC+10): that payout is the Friday after.
    expect(nextFriday(new Date("2026-11-26T23:30:00Z"), "Pacific/Guam").toISOString().slice(0, 10)).toBe("2026-12-04");
  });
});

describe("route rules", () => {
  it("maps each area of the route table to its roles and login", () => {
    expect(areaFor("/dashboard")).toEqual({ roles: ["expert"], login: "/expert/login" });
    expect(areaFor("/expert/anything/deep")).toEqual({ roles: ["expert"], login: "/expert/login" });
    expect(areaFor("/client/experts")).toEqual({ roles: ["client", "admin"], login: "/client/login" });
    expect(areaFor("/payments/donations/abc")).toEqual({ roles: ["expert", "admin"], login: "/expert/login" });
    expect(areaFor("/payments")).toBeNull();
    expect(areaFor("/admin/users")).toEqual({ roles: ["admin"], login: "/login" });
    expect(areaFor("/onboarding")).toEqual({ roles: null, login: "/login" });
    expect(areaFor("/client/login")).toBeNull();
    expect(areaFor("/expert/login")).toBeNull();
    expect(areaFor("/experts")).toBeNull();
    expect(areaFor("/administrator")).toBeNull();
  });
  it("exempts /, /onboarding, /login and /register from the onboarding gate", () => {
    for (const p of ["/", "/onboarding", "/login", "/register", "/logout", "/api/experts-me"]) expect(onboardingGateApplies(p)).toBe(false);
    for (const p of ["/dashboard", "/experts", "/terms", "/client/login"]) expect(onboardingGateApplies(p)).toBe(true);
  });
  it("only accepts same-site callback paths", () => {
    expect(safeCallbackPath("/admin/users?q=1")).toBe("/admin/users?q=1");
    expect(safeCallbackPath("https://evil.example/")).toBeNull();
    expect(safeCallbackPath("//evil.example/")).toBeNull();
    expect(safeCallbackPath("/\\evil.example")).toBeNull();
    expect(safeCallbackPath("javascript:alert(1)")).toBeNull();
    expect(safeCallbackPath(null)).toBeNull();
  });
});

describe("a study's own words", () => {
  it("pays and counts each format in its unit", () => {
    expect(["interview", "survey", "focus_group"].map((t) => perUnit(formatOf(t)))).toEqual(["per session", "per response", "per seat"]);
    expect(perUnit(formatOf("other"))).toBe("per session");
    expect(filledOf("survey", 1, 3)).toBe("1 of 3 responses");
    expect(filledOf("focus_group", 0, 2)).toBe("0 of 2 seats");
    expect(filledOf("interview", 1, 1)).toBe("1 of 1 session");
    expect([hasLocation("survey"), hasLocation("focus_group"), hasLocation("interview")]).toEqual([false, true, true]);
  });

  it("files an engagement under the expert's list: a survey they applied to stays under Open", () => {
    expect(boardListOf({ state: "accepted", origin: "application", format: "survey" })).toBe("open");
    expect(boardListOf({ state: "accepted", origin: "invite", format: "survey" })).toBe("invited");
    expect(boardListOf({ state: "applied", origin: "application", format: "interview" })).toBe("open");
    expect(boardListOf({ state: "accepted", origin: "application", format: "interview" })).toBe("invited");
    expect(boardListOf({ state: "submitted", origin: "application", format: "survey" })).toBe("scheduled");
  });

  it("counts the places a sample plan can never fill", () => {
    expect(capacityShortfall(20, { limit: 3, format: "survey" })).toMatchObject({ over: 17, planned: 20, limit: 3 });
    expect(capacityShortfall(20, { limit: 3, format: "survey" })?.message).toMatch(/^17 places can never fill: the plan wants 20/);
    expect(capacityShortfall(7, { limit: 6, format: "focus_group" })?.message).toMatch(/^1 place can never fill: .* have 6 seats\./);
    expect(capacityShortfall(3, { limit: 3, format: "survey" })).toBeNull();
    expect(capacityShortfall(50, null)).toBeNull();
  });
});
