import { describe, expect, it } from "vitest";
import { OUTAGE_HOLD_MS, databaseRecentlyDown, isDatabaseDown, noteDatabaseReachable } from "@/lib/platform/db-outage";
import { statusDuringOutage } from "@/lib/platform/db-outage-state.mjs";

describe("isDatabaseDown", () => {
  it("recognises connection failures, also when wrapped in causes", () => {
    expect(
      isDatabaseDown(
        Object.assign(new Error("Invalid `prisma.user.findUnique()` invocation: Can't reach database server"), { code: "P1001" }),
      ),
    ).toBe(true);
    expect(
      isDatabaseDown(new Error("Transaction failed", { cause: new Error("terminating connection due to administrator command") })),
    ).toBe(true);
    expect(isDatabaseDown({ message: "x", meta: { driverAdapterError: { message: "DatabaseNotReachable" } } })).toBe(true);
    expect(isDatabaseDown(Object.assign(new Error("boom"), { code: "ECONNREFUSED" }))).toBe(true);
    // pg, when a pooled connection died under it (seen in the load test's outage).
    expect(isDatabaseDown(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
    expect(
      isDatabaseDown(
        Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), { code: "P2028" }),
      ),
    ).toBe(true);
  });
  it("leaves other failures alone", () => {
    expect(isDatabaseDown(new Error("Unique constraint failed"))).toBe(false);
    expect(isDatabaseDown(null)).toBe(false);
    expect(isDatabaseDown("text")).toBe(false);
  });
});

describe("the outage record proxy.ts reads", () => {
  it("holds for OUTAGE_HOLD_MS after a recognised failure, and ends at once when a connection succeeds", () => {
    noteDatabaseReachable();
    expect(databaseRecentlyDown()).toBe(false);
    isDatabaseDown(new Error("Unique constraint failed"));
    expect(databaseRecentlyDown()).toBe(false);
    isDatabaseDown(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
    const now = Date.now();
    expect(databaseRecentlyDown(now)).toBe(true);
    expect(databaseRecentlyDown(now + OUTAGE_HOLD_MS + 1)).toBe(false);
    noteDatabaseReachable();
    expect(databaseRecentlyDown(now)).toBe(false);
  });
});

describe("statusDuringOutage", () => {
  it("answers a page that crashed in an outage's first moment 503, and leaves every other status alone", () => {
    noteDatabaseReachable();
    expect(statusDuringOutage(500)).toBe(500);
    const t = Date.now();
    isDatabaseDown(new Error("terminating connection due to administrator command"));
    expect(statusDuringOutage(500, t + 10)).toBe(503);
    expect(statusDuringOutage(200, t + 10)).toBe(200);
    expect(statusDuringOutage(404, t + 10)).toBe(404);
    expect(statusDuringOutage(500, t + OUTAGE_HOLD_MS + 10)).toBe(500);
    noteDatabaseReachable();
    expect(statusDuringOutage(500, t + 10)).toBe(500);
  });
});
