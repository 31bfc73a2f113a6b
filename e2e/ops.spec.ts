import { expect, test } from "@playwright/test";
import { DEMO, e2eDb, signInAs } from "./helpers";
import { get, startAppServer, tryConnect, type AppServer, type LogLine } from "./support/app-server";

// Logs and lifecycle, on servers of this spec's own (scripts/server.mjs from the e2e
// build), so the test reads their stdout and signals their process.

test.describe.configure({ mode: "serial" });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ownId = (label: string) => `ops-${label}-${Date.now().toString(36)}`;

test.describe("request logs and error ids", () => {
  let server: AppServer;
  test.beforeAll(async () => {
    server = await startAppServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("one JSON line per request: request id (a trusted proxy's, else made), method, path without query, status, duration, user id; no e-mail", async ({
    page,
  }) => {
    // A session cookie from the e2e server works here too (same database and secrets).
    await signInAs(page, DEMO.expert);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const db = await e2eDb();
    const expertId = (await db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [DEMO.expert])).rows[0].id;
    await db.end();

    // From 127.0.0.1 (a trusted proxy for this server): its X-Request-Id is kept and echoed.
    const signedIn = ownId("dashboard");
    const dashboard = await get(server.port, "/dashboard?tab=wallet&token=secret-value", { headers: { cookie, "x-request-id": signedIn } });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers["x-request-id"]).toBe(signedIn);

    // From another address the header is not believed: the server makes its own id.
    const forged = await get(server.port, "/api/health", { headers: { "x-request-id": "forged-by-client" }, localAddress: "127.0.0.2" });
    expect(forged.headers["x-request-id"]).toMatch(UUID);

    const missing = ownId("missing");
    expect((await get(server.port, "/no/such/page", { headers: { "x-request-id": missing } })).status).toBe(404);

    // A line written inside a request carries that request's id.
    const inside = ownId("inside");
    expect((await get(server.port, "/api/test-only/slow?ms=10", { headers: { "x-request-id": inside } })).status).toBe(200);

    const requestLine = (id: string) => server.waitForLine((l) => l.msg === "request" && l.requestId === id);
    const line = await requestLine(signedIn);
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/dashboard", status: 200, userId: expertId });
    expect(typeof line.durationMs).toBe("number");
    expect(line.durationMs as number).toBeGreaterThan(0);
    expect(Date.parse(String(line.time))).not.toBeNaN();

    const forgedLine = await requestLine(String(forged.headers["x-request-id"]));
    expect(forgedLine).toMatchObject({ level: "info", path: "/api/health", status: 200 });
    expect(forgedLine.userId).toBeUndefined();
    expect(await requestLine(missing)).toMatchObject({ level: "warn", status: 404 });
    expect(await server.waitForLine((l) => l.msg === "slow request waiting")).toMatchObject({ requestId: inside, level: "info" });

    // Every line so far is JSON; none carries an e-mail address or the query's token.
    expect(server.otherLines()).toEqual([]);
    const text = JSON.stringify(server.lines());
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(text).not.toContain("secret-value");
  });

  test("the error screen's Error ID is the digest the server logged with the stack", async ({ page }) => {
    const res = await page.goto(`${server.base}/test-only/crash`);
    expect(res?.status()).toBe(500);
    const shown = await page.getByTestId("error-id").textContent();
    const digest = /^Error ID: (\S+)$/.exec(shown ?? "")?.[1];
    expect(digest).toBeTruthy();
    const logged = await server.waitForLine((l) => l.msg === "request failed" && l.digest === digest);
    expect(logged).toMatchObject({ level: "error", path: "/test-only/crash", route: "/test-only/crash" });
    expect(String((logged.err as { stack?: string }).stack)).toContain("Deliberate failure from /test-only/crash");
    expect(logged.requestId).toMatch(UUID);
    // The request's own line says 500 and is an error.
    await server.waitForLine((l) => l.msg === "request" && l.requestId === logged.requestId && l.status === 500 && l.level === "error");
  });
});

test("SIGTERM: no new connections, the request in flight completes with 200, the process exits 0", async () => {
  const server = await startAppServer();
  try {
    const slow = get(server.port, "/api/test-only/slow?ms=3000");
    await server.waitForLine((l: LogLine) => l.msg === "slow request waiting");
    const signalledAt = Date.now();
    server.signal("SIGTERM");
    await server.waitForLine((l) => l.msg.startsWith("stopping"));
    // The server writes that line after it stopped listening.
    expect(await tryConnect(server.port)).toBe("ECONNREFUSED");

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true, data: { waitedMs: 3000 } });
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(15_000);
    expect(server.lines().find((l) => l.msg === "stopped")).toMatchObject({ clean: true, signal: "SIGTERM" });
  } finally {
    await server.stop();
  }
});
