import { createAccount } from "./support/identities";
import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { e2eDb, DEMO, signInAs, confirmIn } from "./helpers";

// The admin console. Demo rows changed here are put back by the same test (Thomas Nguyen:
// verified, LinkedIn not verified, as the seed made him). Locators match visible elements only:
// an admin's first visit saves the browser's zone and refreshes the page, and while the new page
// reveals itself React holds a hidden copy of it.

async function openReview(page: Page, email: string) {
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId("expert-row").filter({ visible: true }).filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: /^Review/ }).click();
  await expect(page).toHaveURL(/\/admin\/experts\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("expert-email").filter({ visible: true })).toHaveText(email);
  return page.url().split("/").pop()!;
}

test("dashboard: stat cards, expert table newest first, search, seeding shows counts; no axe violations", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByTestId("stat-total-experts").filter({ visible: true }).getByTestId("stat-value")).toHaveText(/^\d+$/);
  expect(
    Number(await page.getByTestId("stat-total-experts").filter({ visible: true }).getByTestId("stat-value").textContent()),
  ).toBeGreaterThanOrEqual(15);
  expect(await page.getByTestId("expert-row").filter({ visible: true }).count()).toBeGreaterThanOrEqual(15);
  // The demo expert (created most recently by the seed among the seed experts) carries its e-mail here.
  await expect(page.getByRole("table", { name: "Experts" })).toContainText(DEMO.expert);

  await page.getByLabel("Search experts").fill("Grace Mitchell");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\?q=Grace\+Mitchell/);
  await expect(page.getByTestId("expert-row").filter({ visible: true })).toHaveCount(1);
  await page.goto("/admin?q=zzz-no-such-expert");
  await expect(page.getByTestId("experts-empty").filter({ visible: true })).toHaveText("No experts match “zzz-no-such-expert”.");

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await page.getByRole("button", { name: "Seed Demo Data" }).click();
  await expect(page.getByTestId("seed-outcome")).toContainText("Demo data seeded successfully", { timeout: 30_000 });
  await expect(page.getByTestId("seed-experts")).toHaveText("15");
  await expect(page.getByTestId("seed-shortlists")).toHaveText("8");
  await expect(page.getByTestId("seed-invites")).toHaveText("5");
  await expect(page.getByTestId("seed-schedules")).toHaveText("3");
});

test("review: reject then verify again; the current status button is disabled; LinkedIn toggle", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const email = "thomas.nguyen@example.com";
  await openReview(page, email);
  await expect(page.getByRole("button", { name: "Verify" })).toBeDisabled();

  await page.getByRole("button", { name: "Reject" }).click();
  await confirmIn(page, "Reject Expert");
  await expect(page.getByText("verification status updated to rejected")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reject" })).toBeDisabled();
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("rejected");
  await page.reload();
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("rejected");
  await page.goto(`/admin?q=${email}`);
  await expect(page.getByTestId("expert-row").filter({ visible: true })).toContainText("rejected");

  await openReview(page, email);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("verification status updated to verified")).toBeVisible();
  await expect(page.getByRole("button", { name: "Verify" })).toBeDisabled();

  const toggle = page.getByRole("switch", { name: "LinkedIn verified" });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText("LinkedIn verification enabled")).toBeVisible();
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: "LinkedIn verified" })).toBeChecked();
  await page.getByRole("switch", { name: "LinkedIn verified" }).click();
  await expect(page.getByText("LinkedIn verification disabled")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "LinkedIn verified" })).not.toBeChecked();
});

test("review: the public profile follows the verification status at once", async ({ page }) => {
  // Its own expert, so the directory's counts in other specs never see this one flip.
  const db = await e2eDb();
  let id: string;
  try {
    const who = await createAccount(db, { role: "expert", firstName: "Vera", lastName: "Flip" });
    id = (await db.query<{ id: string }>("SELECT id FROM experts WHERE user_id = $1", [who.userId])).rows[0].id;
  } finally {
    await db.end();
  }
  expect((await page.goto(`/experts/${id}`))?.status()).toBe(200);
  await signInAs(page, DEMO.admin);
  await page.goto(`/admin/experts/${id}`);
  await page.getByRole("button", { name: "Reject" }).click();
  await confirmIn(page, "Reject Expert");
  await expect(page.getByText("verification status updated to rejected")).toBeVisible();
  const gone = await page.goto(`/experts/${id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Expert Not Found" })).toBeVisible();
  await page.goto(`/admin/experts/${id}`);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("verification status updated to verified")).toBeVisible();
  expect((await page.goto(`/experts/${id}`))?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Expert Not Found" })).toHaveCount(0);
});

test("unknown expert id shows the empty state", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto("/admin/experts/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Expert not found" })).toBeVisible();
  await page.goto("/admin/experts/not-a-uuid");
  await expect(page.getByRole("heading", { name: "Expert not found" })).toBeVisible();
});

test("users: search, impersonate with the banner on several pages, no /admin as the target, stop, audit rows", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const target = "hannah.brooks@example.com";
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Users", exact: true })).toBeVisible();
  await page.getByLabel("Search users").fill("hannah brooks");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  // Visible rows only: the admin's zone, saved on a first visit, refreshes the page, and while it
  // reveals itself React briefly holds a hidden copy.
  const row = page.getByTestId("user-row").filter({ visible: true });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(target);
  await expect(row).toContainText("expert");
  // Admins cannot be impersonated.
  await page.goto(`/admin/users?q=${DEMO.admin}`);
  await expect(page.getByRole("button", { name: /Impersonate admin@example.com/ })).toBeDisabled();

  await page.goto("/admin/users?q=hannah");
  await page.getByRole("button", { name: `Impersonate ${target}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole("region", { name: "Impersonation" });
  for (const path of ["/dashboard", "/", "/expert/some/page"]) {
    await page.goto(path);
    await expect(banner, path).toContainText(`Viewing as ${target}`);
  }
  expect((await (await page.request.get("/api/me")).json()).data).toMatchObject({
    email: target,
    role: "expert",
    impersonating: true,
    isAdmin: true,
  });

  // As the target, the admin screens are closed (the proxy and the page gate by the effective role).
  await page.goto("/admin/users");
  await expect(page.getByText("This area requires admin access. You are signed in as expert.")).toBeVisible();
  // Nor can a second impersonation start inside the first.
  const nested = await page.request.post("/api/admin-impersonate", { data: { userId: "00000000-0000-4000-8000-000000000000" } });
  expect(nested.status()).toBe(409);
  // The seed endpoint acts as the target too.
  expect((await page.request.post("/api/admin-seed-demo")).status()).toBe(403);

  await page.goto("/dashboard");
  await banner.getByRole("button", { name: "Stop Impersonating" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Searched, the audit trail is the target's own, whatever other admins did since.
  await page.goto("/admin/users?q=hannah");
  const events = page.getByTestId("impersonation-event").filter({ visible: true }).filter({ hasText: target });
  await expect(events.filter({ hasText: "start" }).first()).toContainText(DEMO.admin);
  await expect(events.filter({ hasText: "stop" }).first()).toBeVisible();
});

test("View As: demo client, then demo expert, then stop", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto("/admin");
  const viewAs = page.getByRole("button", { name: "View As" });

  await viewAs.click();
  await page.getByRole("menuitem", { name: "Demo Client" }).click();
  await expect(page.getByText("Switched to client demo account")).toBeVisible();
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await expect(page.getByRole("region", { name: "Impersonation" })).toContainText(`Viewing as ${DEMO.client}`);

  await page.getByRole("button", { name: "View As" }).click();
  await page.getByRole("menuitem", { name: "Demo Expert" }).click();
  await expect(page.getByText("Switched to expert demo account")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("region", { name: "Impersonation" })).toContainText(`Viewing as ${DEMO.expert}`);

  await page.getByRole("button", { name: "View As" }).click();
  await page.getByRole("menuitem", { name: "Stop Impersonation" }).click();
  await expect(page.getByText("Returning to admin view...")).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("region", { name: "Impersonation" })).toHaveCount(0);
});

test("non-admins: no View As, 403 from the admin functions, a stolen seal is ignored", async ({ page, browser, request }) => {
  // An admin starts an impersonation in one context...
  const adminCtx = await browser.newContext();
  const adminPage = await adminCtx.newPage();
  await signInAs(adminPage, DEMO.admin);
  const started = await adminPage.request.post("/api/admin-impersonate", { data: { persona: "expert" } });
  expect(started.status()).toBe(200);
  const seal = (await adminCtx.cookies()).find((c) => c.name === "__Host-k12.impersonation")!;
  expect(seal.httpOnly).toBe(true);
  await adminPage.request.post("/api/admin-impersonate/stop");
  await adminCtx.close();

  // ...a client who sends that seal stays the client, and the cookie is cleared.
  await signInAs(page, DEMO.client);
  await page.context().addCookies([{ ...seal }]);
  const me = (await (await page.request.get("/api/me")).json()).data;
  expect(me).toMatchObject({ email: DEMO.client, impersonating: false, isAdmin: false });
  await page.goto("/client/dashboard");
  await expect(page.getByRole("region", { name: "Impersonation" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "View As" })).toHaveCount(0);
  expect((await page.context().cookies()).some((c) => c.name === "__Host-k12.impersonation")).toBe(false);

  for (const [url, data] of [
    ["/api/admin-seed-demo", undefined],
    ["/api/admin-impersonate", { persona: "client" }],
    ["/api/admin-impersonate/stop", undefined],
  ] as const) {
    const res = await page.request.post(url, data ? { data } : {});
    expect(res.status(), url).toBe(403);
    expect(res.headers()["cache-control"], url).toMatch(/no-store/);
  }
  const anonymous = await request.post("/api/admin-seed-demo");
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ ok: false, code: "UNAUTHENTICATED", message: "No authentication token", stats: null });
  expect((await request.post("/api/admin-impersonate/stop")).status()).toBe(401);
});
