import { expect, test, type Browser } from "@playwright/test";
import { createAccount, DEMO, e2eDb, signInAs } from "./helpers";

// Policy consents: when a policy's version changes, a signed-in user who accepted the old one is
// shown what changed, must accept, and then goes on to where they were going. The version is
// changed through demo mode's override (POST /api/admin-policy-versions), scoped to this
// test's own user and removed at the end, so no other spec sees it.

async function signedIn(browser: Browser, email: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, password);
  return { page, close: () => context.close() };
}

test("a newer privacy policy is accepted once, then the user continues where they were going", async ({ browser }) => {
  const expert = await createAccount("expert");
  const db = await e2eDb();
  try {
    // What registration would have recorded: the 1.0 consents.
    for (const type of ["PRIVACY", "TERMS", "PAYMENT", "EXPERT_AGREEMENT"]) {
      await db.query(
        "INSERT INTO user_consents (id, user_id, consent_type, version, ip_address, user_agent) VALUES (gen_random_uuid(), $1, $2::\"ConsentType\", '1.0', '127.0.0.1', 'e2e')",
        [expert.userId, type],
      );
    }
  } finally {
    await db.end();
  }
  const admin = await signedIn(browser, DEMO.admin);
  const me = await signedIn(browser, expert.email, expert.password);
  const setPrivacy = (major: number | null) =>
    admin.page.request.post("/api/admin-policy-versions", { data: { policy: "PRIVACY", major, userId: expert.userId } });
  try {
    await me.page.goto("/settings/security");
    await expect(me.page.getByRole("heading", { name: "Account Security" })).toBeVisible();

    // ── The privacy policy becomes 2.0 (for this user).
    const set = await setPrivacy(2);
    expect(set.status()).toBe(200);
    expect(await set.json()).toMatchObject({ success: true, data: { policy: "PRIVACY", version: "2.0" } });

    // ── Next signed-in page: the change summary, and nothing else until accepted.
    await me.page.goto("/settings/security");
    await expect(me.page).toHaveURL(/\/settings\/policies\?next=%2Fsettings%2Fsecurity$/);
    await expect(me.page.getByRole("heading", { name: "Updated Policies" })).toBeVisible();
    const card = me.page.getByTestId("updated-policy");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Privacy & Data Policy");
    await expect(card).toContainText("Version 2.0");
    await expect(card).toContainText("You accepted version 1.0");
    await expect(card).toContainText("What changed:");
    // The wallet too, though visitors may read it: a signed-in expert accepts first.
    await me.page.goto("/payments");
    await expect(me.page).toHaveURL(/\/settings\/policies\?next=%2Fpayments$/);
    await me.page.goto("/dashboard");
    await expect(me.page).toHaveURL(/\/settings\/policies\?next=%2Fdashboard$/);

    await me.page.getByRole("button", { name: "Accept and Continue" }).click();
    await expect(me.page.getByText("Accept the updated policies to continue.")).toBeVisible();
    await me.page.getByLabel("I have read and accept the updated policy").check();
    await me.page.getByRole("button", { name: "Accept and Continue" }).click();

    // ── On to where they were going; not asked again.
    await expect(me.page).toHaveURL(/\/dashboard$/);
    await me.page.goto("/settings/security");
    await expect(me.page.getByRole("heading", { name: "Account Security" })).toBeVisible();

    // ── The old consent is kept and the new one added; both are in their own CSV.
    const csv = await me.page.request.get("/api/me/consents");
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toMatch(/,PRIVACY,2\.0,/);
    expect(text).toMatch(/,PRIVACY,1\.0,127\.0\.0\.1,e2e,/);
    // The admin downloads the same history; the user cannot download anyone else's.
    const byAdmin = await admin.page.request.get(`/api/admin/users/${expert.userId}/consents`);
    expect(await byAdmin.text()).toContain(",PRIVACY,2.0,");
    expect((await me.page.request.get(`/api/admin/users/${expert.userId}/consents`)).status()).toBe(403);
  } finally {
    expect((await setPrivacy(null)).status()).toBe(200);
    await me.close();
    await admin.close();
  }
});
