import { expect, test, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { DEMO, createAccount, e2eDb, pathOf, signInAs, waitForMail, confirmIn } from "./helpers";

// Sessions that really end, the account security page, re-authentication for
// money. Each test makes its own account: they change passwords and end sessions.

const signedIn = async (request: APIRequestContext) => (await (await request.get("/api/me")).json()).data?.signedIn === true;
const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name.endsWith("k12.session-token"));

test("a session ended by a password reset cannot be revived through /api/auth/session", async ({ page, browser }) => {
  const account = await createAccount("client");
  const stale = await browser.newContext();
  const stalePage = await stale.newPage();
  await signInAs(stalePage, account.email, account.password);

  await page.goto("/reset-password");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  const { link } = await waitForMail(account.email, "Reset your K12 Experts password");
  await page.goto(pathOf(link));
  await page.getByLabel("New password", { exact: true }).fill("Velvet-Compass-73");
  await page.getByLabel("Confirm new password").fill("Velvet-Compass-73");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("every other session has been signed out")).toBeVisible();

  // The attack: the stale cookie asks next-auth for a CSRF token, then posts an update.
  const staleCookie = (await sessionCookie(stale))!;
  const { csrfToken } = await (await stalePage.request.get("/api/auth/csrf")).json();
  const revived = await stalePage.request.post("/api/auth/session", { data: { csrfToken } });
  expect(revived.status()).toBe(401);
  const setCookies = revived.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("k12.session-token"));
  for (const h of setCookies) expect(h.value).toMatch(/k12\.session-token=;/);
  // The answer cleared the cookie; sent again anyway, it is refused again.
  expect(await sessionCookie(stale)).toBeUndefined();
  await stale.addCookies([staleCookie]);
  expect((await stalePage.request.get("/api/auth/session")).status()).toBe(401);
  await stale.addCookies([staleCookie]);
  expect(await signedIn(stalePage.request)).toBe(false);
  await stale.close();
});

test("a cookie used after logout is refused; logging out one browser leaves the other signed in", async ({ browser }) => {
  const account = await createAccount("expert");
  const first = await browser.newContext();
  const second = await browser.newContext();
  const firstPage = await first.newPage();
  const secondPage = await second.newPage();
  await signInAs(firstPage, account.email, account.password);
  await signInAs(secondPage, account.email, account.password);
  const copied = await sessionCookie(first);
  expect(copied).toBeTruthy();

  await firstPage.goto("/logout");
  await expect(firstPage.getByRole("heading", { name: "You have been signed out" })).toBeVisible();
  expect(await signedIn(firstPage.request)).toBe(false);

  // Whoever kept a copy of the cookie gets nothing from it.
  const thief = await browser.newContext();
  await thief.addCookies([copied!]);
  const thiefPage = await thief.newPage();
  expect(await signedIn(thiefPage.request)).toBe(false);
  await thiefPage.goto("/dashboard");
  await expect(thiefPage).toHaveURL(/\/expert\/login\?callbackUrl=%2Fdashboard$/);

  expect(await signedIn(secondPage.request)).toBe(true);
  await Promise.all([first.close(), second.close(), thief.close()]);
});

test("security page: sessions listed, 'Sign out other sessions' ends the other browser", async ({ page, browser }) => {
  const account = await createAccount("client");
  const other = await browser.newContext({
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15",
  });
  const otherPage = await other.newPage();
  await signInAs(otherPage, account.email, account.password);
  await signInAs(page, account.email, account.password);

  await page.goto("/settings/security");
  await expect(page.getByRole("heading", { name: "Account Security" })).toBeVisible();
  const rows = page.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("This device");
  await expect(rows.filter({ hasText: "Safari on macOS" })).toHaveCount(1);

  await page.getByRole("button", { name: "Sign out other sessions" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("This device stays signed in.");
  await dialog.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(page.getByText("1 other session signed out")).toBeVisible();
  await expect(rows).toHaveCount(1);

  expect(await signedIn(otherPage.request)).toBe(false);
  expect(await signedIn(page.request)).toBe(true);
  await other.close();
});

test("change password: needs the current one, ends the other browser, and the new one signs in", async ({ page, browser }) => {
  const account = await createAccount("expert");
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, account.email, account.password);
  await signInAs(page, account.email, account.password);

  await page.goto("/settings/security");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("Not-The-Password-1");
  await form.getByLabel("New password", { exact: true }).fill("Amber-Lighthouse-58");
  await form.getByLabel("Confirm new password").fill("Amber-Lighthouse-58");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("Your current password is not correct.")).toBeVisible();
  await expect(form.getByLabel("Current password")).toBeFocused();
  expect(await signedIn(otherPage.request)).toBe(true);

  await form.getByLabel("Current password").fill(account.password);
  await form.getByLabel("New password", { exact: true }).fill("Amber-Lighthouse-58");
  await form.getByLabel("Confirm new password").fill("Amber-Lighthouse-58");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  await waitForMail(account.email, "Your K12 Experts password was changed");

  expect(await signedIn(otherPage.request)).toBe(false);
  expect(await signedIn(page.request)).toBe(true);
  await other.close();

  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await signInAs(freshPage, account.email, "Amber-Lighthouse-58");
  await fresh.close();
});

test("cash out asks for the password again when the sign-in is older than 10 minutes", async ({ page }) => {
  const account = await createAccount("expert", { availableCents: 4_250 });
  await signInAs(page, account.email, account.password);
  const db = await e2eDb();
  try {
    await db.query("UPDATE auth_sessions SET authenticated_at = now() - interval '11 minutes' WHERE user_id = $1", [account.userId]);
    await page.goto("/dashboard");
    await page.getByRole("tab", { name: "Wallet" }).click();
    await page.getByRole("button", { name: "Cash Out $42.50" }).click();
    await confirmIn(page, "Confirm Cash Out");

    const dialog = page.getByRole("dialog", { name: "Confirm your password" });
    await dialog.getByLabel("Password").fill("Wrong-Password-11");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByText("That password is not correct.")).toBeVisible();
    const payouts = async () =>
      Number((await db.query("SELECT count(*) AS n FROM payouts WHERE user_id = $1", [account.userId])).rows[0].n);
    expect(await payouts()).toBe(0);

    await dialog.getByLabel("Password").fill(account.password);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Cash Out Initiated")).toBeVisible();
    expect(await payouts()).toBe(1);
  } finally {
    await db.end();
  }
});

test("while impersonating, an admin cannot cash out, and the attempt is in the audit trail", async ({ page }) => {
  const account = await createAccount("expert", { availableCents: 1_000 });
  await signInAs(page, DEMO.admin);
  expect((await page.request.post("/api/admin-impersonate", { data: { userId: account.userId } })).status()).toBe(200);
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Wallet" }).click();
  await page.getByRole("button", { name: "Cash Out $10.00" }).click();
  await confirmIn(page, "Confirm Cash Out");
  await expect(page.getByText("While viewing as another user you can see payout details, but not change them or cash out.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const db = await e2eDb();
  try {
    const { rows } = await db.query("SELECT count(*) AS n FROM payouts WHERE user_id = $1", [account.userId]);
    expect(Number(rows[0].n)).toBe(0);
    const audit = await db.query<{ detail: string }>(
      "SELECT e.detail FROM impersonation_events e JOIN users a ON a.id = e.admin_user_id WHERE e.target_user_id = $1 AND e.action = 'write' AND a.email = $2",
      [account.userId, DEMO.admin],
    );
    expect(audit.rows.map((r) => r.detail)).toContain("action: initiate cash out");
  } finally {
    await db.end();
  }
  await page.request.post("/api/admin-impersonate/stop");
});

test("payout details: a stale sign-in is asked for the password, an impersonating admin is refused and their read is audited", async ({
  page,
  browser,
}) => {
  const account = await createAccount("expert");
  const change = { preferredPaymentMethod: "paypal", paymentDetails: { paypalEmail: "moved@example.org" } };
  await signInAs(page, account.email, account.password);
  const db = await e2eDb();
  try {
    await db.query("UPDATE auth_sessions SET authenticated_at = now() - interval '11 minutes' WHERE user_id = $1", [account.userId]);
    const stale = await page.request.post("/api/experts-payment", { data: change });
    expect((await stale.json()).error).toBe("Please confirm your password to continue.");
    expect(stale.status()).toBe(403);

    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    await signInAs(adminPage, DEMO.admin);
    expect((await adminPage.request.post("/api/admin-impersonate", { data: { userId: account.userId } })).status()).toBe(200);
    expect((await adminPage.request.get("/api/experts-me")).status()).toBe(200);
    const refused = await adminPage.request.post("/api/experts-payment", { data: change });
    expect((await refused.json()).error).toBe("While viewing as another user you can see payout details, but not change them or cash out.");
    expect(refused.status()).toBe(403);
    await adminPage.request.post("/api/admin-impersonate/stop");
    await admin.close();

    const { rows } = await db.query<{ paypal_email: string | null }>("SELECT paypal_email FROM experts WHERE user_id = $1", [
      account.userId,
    ]);
    expect(rows[0].paypal_email).toBeNull();
    const audit = await db.query<{ action: string; detail: string }>(
      "SELECT e.action, e.detail FROM impersonation_events e JOIN users a ON a.id = e.admin_user_id WHERE e.target_user_id = $1 AND a.email = $2 ORDER BY e.created_at",
      [account.userId, DEMO.admin],
    );
    expect(audit.rows).toEqual(
      expect.arrayContaining([
        { action: "read", detail: "payout details" },
        { action: "write", detail: "POST /api/experts-payment" },
      ]),
    );
  } finally {
    await db.end();
  }
});
