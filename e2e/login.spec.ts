import { expect, test } from "@playwright/test";
import { DEMO, pathOf, signInAs, waitForMail } from "./helpers";

async function submitLogin(page: import("@playwright/test").Page, path: string, email: string, password: string, button: string) {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: button }).click();
}

test.describe("login pages", () => {
  test("general login: wrong password message, then trimmed/lowercased success to the role's home", async ({ page }) => {
    await submitLogin(page, "/login", DEMO.admin, "wrong-password", "Sign In");
    await expect(page.getByRole("alert").filter({ hasText: "Account not found or password incorrect." })).toBeVisible();

    await submitLogin(page, "/login", "  ADMIN@Example.com ", DEMO.password, "Sign In");
    await expect(page.getByText("Welcome back! Redirecting to your dashboard...")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("header-email")).toHaveText(DEMO.admin);
    await expect(page.getByRole("link", { name: "My Dashboard" })).toHaveAttribute("href", "/admin");
  });

  test("expert login admits experts and refuses a client with the general-login message", async ({ page }) => {
    await submitLogin(page, "/expert/login", DEMO.client, DEMO.password, "Sign In as Expert");
    await expect(
      page.getByRole("alert").filter({ hasText: "You're signed in as CLIENT. Please use the general login page." }),
    ).toBeVisible();
    expect((await (await page.request.get("/api/me")).json()).data.signedIn).toBe(false);

    await submitLogin(page, "/expert/login", ` ${DEMO.expert.toUpperCase()}`, ` ${DEMO.password} `, "Sign In as Expert");
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("client login refuses an expert and admits an admin", async ({ page }) => {
    await submitLogin(page, "/client/login", DEMO.expert, DEMO.password, "Sign In as Client");
    await expect(
      page.getByRole("alert").filter({ hasText: "You're signed in as EXPERT. Please use the general login page." }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Use the general login" })).toHaveAttribute("href", "/login");

    await submitLogin(page, "/client/login", DEMO.admin, DEMO.password, "Sign In as Client");
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page).toHaveURL(/\/client\/dashboard$/);
  });

  test("links to Forgot password and Contact us", async ({ page }) => {
    for (const path of ["/login", "/client/login", "/expert/login"]) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/reset-password");
      await expect(page.getByRole("link", { name: "Contact us", exact: true })).toHaveAttribute("href", "/contact");
    }
  });

  test("already signed in: banner with e-mail and role, then the role's home after 1 second", async ({ page }) => {
    await signInAs(page, DEMO.client);
    await page.goto("/login");
    await expect(page.getByText("You are already signed in")).toBeVisible();
    await expect(page.getByText(`Signed in as ${DEMO.client} (client)`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Logout" }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/client\/dashboard$/, { timeout: 5_000 });

    // On the expert login a client gets the banner but stays (another kind of account).
    await page.goto("/expert/login");
    await expect(page.getByText("This login page is for another kind of account.")).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page).toHaveURL(/\/expert\/login$/);
  });

  test("remembers the requested path and refuses an open redirect", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Fusers$/);
    await page.getByLabel("Email").fill(DEMO.admin);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);

    await page.context().clearCookies();
    await page.goto("/login?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await page.getByLabel("Email").fill(DEMO.admin);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/admin$/);
  });

  test("logout ends the session with the spec's toast", async ({ page }) => {
    await signInAs(page, DEMO.expert);
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Logout" }).click();
    await expect(page.getByText("You have been signed out successfully")).toBeVisible();
    await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/$/);
    expect((await (await page.request.get("/api/me")).json()).data.signedIn).toBe(false);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/expert\/login\?callbackUrl=%2Fdashboard$/);
  });
});

test("password reset through the e-mailed link ends other sessions", async ({ page, browser }) => {
  // Its own account, so the demo expert's password stays as it is for other tests.
  const { uniqueEmail } = await import("./helpers");
  const email = uniqueEmail("reset");
  await page.goto("/register");
  await page.getByRole("tab", { name: "Research Client" }).click();
  const panel = page.getByRole("tabpanel", { name: "Research Client" });
  await panel.getByLabel("First name").fill("Rita");
  await panel.getByLabel("Last name").fill("Reset");
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Organization").fill("Reset Labs");
  await panel.getByLabel("Role").fill("Analyst");
  await panel.getByLabel(/^Password/).fill("first-password");
  await panel.getByLabel("Confirm password").fill("first-password");
  await panel.getByRole("button", { name: "Create Client Account" }).click();
  const verify = await waitForMail(email, "Verify your K12 Experts account");
  await page.goto(pathOf(verify.link));

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, email, "first-password");

  await page.goto("/reset-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("If an account exists for that address")).toBeVisible();
  const { link } = await waitForMail(email, "Reset your K12 Experts password");
  await page.goto(pathOf(link));
  await page.getByLabel("New password", { exact: true }).fill("second-password");
  await page.getByLabel("Confirm new password").fill("second-password");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("every other session has been signed out")).toBeVisible();

  expect((await (await otherPage.request.get("/api/me")).json()).data.signedIn).toBe(false);
  await other.close();

  await page.goto(pathOf(link));
  await page.getByLabel("New password", { exact: true }).fill("third-password");
  await page.getByLabel("Confirm new password").fill("third-password");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("This reset link is invalid or has expired.")).toBeVisible();

  await page.goto("/client/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("second-password");
  await page.getByRole("button", { name: "Sign In as Client" }).click();
  await expect(page).toHaveURL(/\/client\/dashboard$/);
});
