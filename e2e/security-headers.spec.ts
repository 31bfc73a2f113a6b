import { expect, test } from "@playwright/test";
import { DEMO, signInAs } from "./helpers";

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

test("public page, private page and API response carry the security headers", async ({ page, request }) => {
  const publicRes = await request.get("/login");
  expectBaseline(publicRes.headers());

  const api = await request.get("/api/health");
  expectBaseline(api.headers());

  await signInAs(page, DEMO.expert);
  const privateRes = await page.goto("/dashboard");
  const csp = expectBaseline(privateRes!.headers());
  // Signed-in pages render per request and get a nonce-based script policy.
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toContain("'unsafe-inline' ");
  expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
});

test("session cookie is HttpOnly, SameSite=Lax and Secure", async ({ page }) => {
  await signInAs(page, DEMO.client);
  const cookie = (await page.context().cookies()).find((c) => c.name === "k12.session-token");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });
});
