import { expect, test } from "@playwright/test";
import { pathOf, uniqueEmail, waitForMail } from "./helpers";

async function fillCommon(page: import("@playwright/test").Page, panel: import("@playwright/test").Locator, email: string) {
  await panel.getByLabel("First name").fill("Maria");
  await panel.getByLabel("Last name").fill("Gonzalez");
  await panel.getByLabel("Email").fill(email);
}

test.describe("registration", () => {
  test("expert: every validation message, then success leads to /onboarding signed in", async ({ page }) => {
    await page.goto("/register");
    await expect(page).toHaveTitle(/Create an Account/);
    const panel = page.getByRole("tabpanel", { name: "Education Expert" });
    const email = uniqueEmail("e2e-expert");

    // Empty form: the server names each required field.
    await panel.getByRole("button", { name: "Create Expert Account" }).click();
    await expect(page.getByText("You must agree to the Privacy & Data Policy to continue.").first()).toBeVisible();

    await fillCommon(page, panel, email);
    await panel.getByLabel("School or district").fill("Lincoln Unified");
    await panel.getByLabel("Role").selectOption("principal");
    await expect(panel.getByLabel("Country code")).toHaveValue("+1");
    await panel.getByLabel("Mobile number").fill("555 010 2000");
    await panel.getByLabel("City").fill("Stockton");
    await panel.getByLabel("ZIP code").fill("1234");
    await panel.getByLabel(/^Password/).fill("Maple-Orbit-77");
    await panel.getByLabel("Confirm password").fill("different1");
    await panel.getByRole("button", { name: "Create Expert Account" }).click();
    await expect(page.getByText("Password mismatch")).toBeVisible();
    await expect(panel.getByText("Passwords do not match. Please try again.")).toBeVisible();

    await panel.getByLabel("Confirm password").fill("Maple-Orbit-77");
    await panel.getByRole("button", { name: "Create Expert Account" }).click();
    await expect(page.getByText("Privacy policy required").first()).toBeVisible();

    await panel.getByRole("checkbox", { name: /I agree to the/ }).check();
    await panel.getByRole("button", { name: "Create Expert Account" }).click();
    await expect(panel.getByText("Please enter a valid ZIP code (e.g., 12345 or 12345-6789)").first()).toBeVisible();
    await expect(page.getByText("Registration failed")).toBeVisible();

    await panel.getByLabel("ZIP code").fill("95207-1234");
    await panel.getByLabel(/^Password/).fill("short");
    await panel.getByLabel("Confirm password").fill("short");
    await panel.getByRole("button", { name: "Create Expert Account" }).click();
    await expect(panel.getByText("Password must be at least 8 characters.")).toBeVisible();

    await panel.getByLabel(/^Password/).fill("Maple-Orbit-77");
    await panel.getByLabel("Confirm password").fill("Maple-Orbit-77");
    await panel.getByRole("button", { name: "Create Expert Account" }).click();
    await expect(page.getByText("Registration successful!")).toBeVisible();
    await expect(page.getByText("Let's complete your profile setup.")).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);

    // The onboarding gate holds an unfinished expert at /onboarding.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("expert: a duplicate e-mail in another case is refused", async ({ page }) => {
    await page.goto("/join");
    const panel = page.getByRole("tabpanel", { name: "Education Expert" });
    await fillCommon(page, panel, "  EXPERT@example.com ");
    await panel.getByLabel("School or district").fill("Lincoln Unified");
    await panel.getByLabel("Role").selectOption("teacher");
    await panel.getByLabel("Mobile number").fill("555 010 2000");
    await panel.getByLabel("City").fill("Stockton");
    await panel.getByLabel("ZIP code").fill("95207");
    await panel.getByLabel(/^Password/).fill("Maple-Orbit-77");
    await panel.getByLabel("Confirm password").fill("Maple-Orbit-77");
    await panel.getByRole("checkbox", { name: /I agree to the/ }).check();
    await panel.getByRole("button", { name: "Create Expert Account" }).click();
    await expect(panel.getByText("An account with this e-mail already exists. Sign in or reset your password.")).toBeVisible();
  });

  test("client: check-your-email, sign-in refused until the e-mailed link is used", async ({ page }) => {
    const email = uniqueEmail("e2e-client");
    await page.goto("/register");
    await page.getByRole("tab", { name: "Research Client" }).click();
    const panel = page.getByRole("tabpanel", { name: "Research Client" });
    await fillCommon(page, panel, email);
    await panel.getByLabel("Organization").fill("Insight Research");
    await panel.getByLabel("Role").fill("Research Director");
    await panel.getByLabel(/^Password/).fill("Maple-Orbit-77");
    await panel.getByLabel("Confirm password").fill("Maple-Orbit-77");
    await panel.getByRole("button", { name: "Create Client Account" }).click();
    await expect(panel.getByText("Please check your email to verify your account.")).toBeVisible();

    await page.goto("/client/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("Maple-Orbit-77");
    await page.getByRole("button", { name: "Sign In as Client" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please verify your e-mail address" })).toBeVisible();

    const { link } = await waitForMail(email, "Verify your K12 Experts account");
    await page.goto(pathOf(link));
    await expect(page.getByRole("heading", { name: "E-mail verified" })).toBeVisible();
    await page.goto(pathOf(link));
    await expect(page.getByText("This verification link is invalid or has expired.")).toBeVisible();

    await page.goto("/client/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("Maple-Orbit-77");
    await page.getByRole("button", { name: "Sign In as Client" }).click();
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page).toHaveURL(/\/client\/dashboard$/);
  });
});
