import { readFileSync, rmSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";

// The logger writes JSON lines to LOG_FILE when it is set; it must be set before lib/platform/log.mjs loads.
const logFile = vi.hoisted(() => (process.env.LOG_FILE = `${process.env.TMPDIR ?? "/tmp"}/k12-log-test-${process.pid}.log`));
afterAll(() => rmSync(logFile, { force: true }));

const { loggerFor } = await import("@/lib/platform/log.mjs");
const { runWithRequest, setRequestUser, currentRequest } = await import("@/lib/platform/request-context.mjs");
const { isTrustedProxy } = await import("@/lib/platform/security/trusted-proxies.mjs");

const lines = () =>
  readFileSync(logFile, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("the logger (lib/platform/log.mjs)", () => {
  it("writes JSON with a UTC time and a level name, and the current request's id on lines written inside it", async () => {
    const log = loggerFor("unit");
    log.info("outside");
    await runWithRequest({ requestId: "req-1" }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      setRequestUser("user-1");
      log.warn({ count: 2 }, "inside");
      expect(currentRequest()).toEqual({ requestId: "req-1", userId: "user-1" });
    });
    const [outside, inside] = lines().filter((l) => l.module === "unit");
    expect(outside).toMatchObject({ level: "info", msg: "outside" });
    expect(outside.requestId).toBeUndefined();
    expect(String(outside.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(inside).toMatchObject({ level: "warn", msg: "inside", count: 2, requestId: "req-1" });
  });

  it("redacts e-mail, password and token fields that slip into a line", () => {
    loggerFor("redact").error({ email: "a@example.org", user: { email: "b@example.org", password: "pw" }, token: "t0k" }, "leak");
    const line = lines().find((l) => l.module === "redact");
    expect(JSON.stringify(line)).not.toMatch(/example\.org|"pw"|t0k/);
  });
});

describe("trusted proxies (lib/platform/security/trusted-proxies.mjs)", () => {
  it("believes only listed peers, IPv4-mapped addresses as IPv4", () => {
    expect(isTrustedProxy("127.0.0.1", "127.0.0.1,::1")).toBe(true);
    expect(isTrustedProxy("::ffff:10.1.2.3", "10.0.0.0/8")).toBe(true);
    expect(isTrustedProxy("127.0.0.2", "127.0.0.1")).toBe(false);
    expect(isTrustedProxy("127.0.0.1", "")).toBe(false);
    expect(isTrustedProxy("not-an-ip", "127.0.0.1")).toBe(false);
  });
});
