import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import {
  DEMO,
  HASH_SCRIPT_POLICY,
  NONCE_SCRIPT_POLICY,
  demoExpertId,
  e2eDb,
  scriptPolicyOf,
  signInAs,
  watchCspViolations,
} from "./helpers";
import { callAction } from "./support/server-actions";

function expectBaseline(headers: Record<string, string>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["strict-transport-security"]).toContain("max-age=");
  const csp = headers["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
  return csp;
}

/** Scripts by hash: no inline script runs unless the policy names its SHA-256. */
function expectHashPolicy(script: string) {
  expect(script).toMatch(HASH_SCRIPT_POLICY);
  expect(script).not.toContain("unsafe");
}

test("public page, private page and API response carry the security headers", async ({ page, request }) => {
  const publicRes = await request.get("/login");
  expectBaseline(publicRes.headers());
  expectHashPolicy(scriptPolicyOf(publicRes.headersArray()));

  // A post to a cached page (a form sent before scripts loaded) is rendered for that request:
  // its scripts carry the nonce its policy names.
  const posted = await request.post("/contact", { form: { name: "x" } });
  const postedScript = scriptPolicyOf(posted.headersArray());
  const postedNonce = /'nonce-([^']+)'/.exec(postedScript)?.[1];
  expect(postedNonce).toBeTruthy();
  expect(await posted.text()).toContain(`nonce="${postedNonce}"`);

  const api = await request.get("/api/health");
  expectBaseline(api.headers());
  scriptPolicyOf(api.headersArray());

  await signInAs(page, DEMO.expert);
  const privateRes = await page.goto("/dashboard");
  const csp = expectBaseline(privateRes!.headers());
  // Signed-in pages render per request and get a nonce-based script policy.
  const script = scriptPolicyOf(await privateRes!.headersArray());
  expect(script).toMatch(NONCE_SCRIPT_POLICY);
  expect(csp).not.toContain("'unsafe-inline' ");
  expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
});

test("cached pages allow exactly their own inline scripts by hash, and run without a violation", async ({ page }) => {
  const violations = await watchCspViolations(page);
  // A profile path is rendered into the cache on its first request (an id nobody asked for
  // yet: MISS): that response and every hit after it carry the hashes of the HTML they serve.
  const fresh = `/experts/${randomUUID()}`;
  const cacheStates: string[] = [];
  for (const path of ["/", "/login", "/contact", "/this-page-does-not-exist", `/experts/${await demoExpertId()}`, fresh, fresh]) {
    const res = await page.goto(path);
    if (path === fresh) cacheStates.push((await res!.headerValue("x-nextjs-cache")) ?? "none");
    expectHashPolicy(scriptPolicyOf(await res!.headersArray()));
    expect(await page.locator("script:not([src])").count(), path).toBeGreaterThan(0);
    // The framework's inline bootstrap ran: the page hydrated.
    await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { next?: unknown }).next)), { message: path }).toBe(true);
    expect(await violations(), path).toEqual([]);
  }
  expect(cacheStates).toEqual(["MISS", "HIT"]);
  // An injected inline script (what an XSS would be) is refused.
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__injected = true";
    document.body.append(s);
  });
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect((await violations()).join("\n")).toContain("script-src-elem blocked inline");
});

test("session and impersonation cookies are __Host- prefixed, HttpOnly, SameSite=Lax and Secure", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const db = await e2eDb();
  const target = (await db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [DEMO.client])).rows[0].id;
  await db.end();
  expect((await page.request.post("/api/admin-impersonate", { data: { userId: target } })).status()).toBe(200);
  const cookies = await page.context().cookies();
  for (const name of ["__Host-k12.session-token", "__Host-k12.impersonation"]) {
    expect(
      cookies.find((c) => c.name === name),
      name,
    ).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });
  }
});

test("server actions refuse a cross-origin post and change nothing", async ({ page, baseURL }) => {
  await signInAs(page, DEMO.expert);
  const db = await e2eDb();
  const slots = async () => Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM availability_slots")).rows[0].n);
  try {
    // A day no other test books (a slot may not overlap another of the same expert).
    const date = new Date(Date.now() + (60 + Math.floor(Math.random() * 200)) * 86_400_000).toISOString().slice(0, 10);
    const slot = { date, startTime: "19:00", endTime: "19:30", timezone: "America/New_York" };
    const before = await slots();
    for (const origin of ["https://evil.example", "null"]) {
      const answer = await callAction(page.request, "lib/engagements/actions/expert-dashboard.ts#addSlotAction", slot, {
        via: "/dashboard",
        headers: { origin },
      });
      expect(answer.status, origin).toBe(403);
      expect(JSON.parse(answer.raw), origin).toMatchObject({ error: "Cross-origin requests are not allowed.", code: "FORBIDDEN" });
    }
    expect(await slots()).toBe(before);
    // The same call from the app's own origin is accepted: the refusal above is the origin's.
    const same = await callAction(page.request, "lib/engagements/actions/expert-dashboard.ts#addSlotAction", slot, {
      via: "/dashboard",
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(same.result).toMatchObject({ ok: true });
    expect(await slots()).toBe(before + 1);
  } finally {
    await db.end();
  }
});
