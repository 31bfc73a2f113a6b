import { expect, test, type Locator, type Page } from "@playwright/test";
import { createAccount, signInAs } from "./helpers";

// Errors in reach: after a submit with errors the first invalid field has the
// focus, and a live region says how many errors there are (components/ui/use-form-errors.tsx).

/** The announced count must be the number of fields marked invalid, and at least `min`. */
async function expectAnnounced(scope: Locator, min: number) {
  const live = scope.getByTestId("form-error-count");
  await expect(live).toHaveAttribute("aria-live", "assertive");
  await expect(live).toHaveText(/^\d+ errors? in the form\./);
  const announced = Number((await live.textContent())!.match(/^\d+/)![0]);
  expect(announced).toBeGreaterThanOrEqual(min);
  expect(announced).toBe(await scope.locator('[aria-invalid="true"]').count());
}

/** In the viewport and not under the sticky header. */
async function expectInView(page: Page, target: Locator) {
  await expect(target).toBeInViewport();
  const header = await page.locator("header").first().boundingBox();
  const box = await target.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
}

for (const size of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 375, height: 667 },
]) {
  test(`register (${size.name}): the first invalid field is focused, in view, and the count announced`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto("/register");
    const panel = page.getByRole("tabpanel", { name: "Education Expert" });
    await panel.getByRole("checkbox", { name: /I agree to the/ }).check();
    await panel.getByRole("button", { name: "Create Expert Account" }).click();

    const first = panel.getByLabel("First name");
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute("aria-invalid", "true");
    await expectAnnounced(panel, 5);
    await expectInView(page, first);
    await expectInView(page, panel.getByText("First name is required"));

    // Everything right but the agreement: the error at the bottom of the form is brought into view.
    await panel.getByRole("checkbox", { name: /I agree to the/ }).uncheck();
    await panel.getByLabel("First name").fill("Maria");
    await panel.getByLabel("Last name").fill("Gonzalez");
    await panel.getByLabel("Email").fill(`form-errors-${Date.now()}@example.org`);
    await panel.getByLabel("School or district").fill("Lincoln Unified");
    await panel.getByLabel("Role").selectOption("principal");
    await panel.getByLabel("Mobile number").fill("555 010 2000");
    await panel.getByLabel("City").fill("Stockton");
    await panel.getByLabel("ZIP code").fill("95207");
    await panel.getByLabel(/^Password/).fill("Maple-Orbit-77");
    await panel.getByLabel("Confirm password").fill("Maple-Orbit-77");
    await page.evaluate(() => window.scrollTo(0, 0));
    await panel.getByRole("button", { name: "Create Expert Account" }).click();
    const agreement = panel.getByRole("checkbox", { name: /I agree to the/ });
    await expect(agreement).toBeFocused();
    await expect(panel.getByTestId("form-error-count")).toHaveText(/^1 error in the form\./);
    await expectInView(page, panel.getByText("You must agree to the Privacy & Data Policy to continue."));
  });
}

test("login: an empty submit focuses Email and announces 2 errors; wrong credentials focus the message", async ({ page }) => {
  await page.goto("/login");
  const form = page.locator("form").filter({ has: page.getByLabel("Password") });
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(form.getByLabel("Email")).toBeFocused();
  await expect(form.getByTestId("form-error-count")).toHaveText(/^2 errors in the form\./);

  await form.getByLabel("Email").fill("nobody-here@example.org");
  await form.getByLabel("Password").fill("Wrong-Password-1");
  await form.getByRole("button", { name: "Sign In" }).click();
  const message = form.locator("#login-form-error");
  await expect(message).toContainText("Account not found or password incorrect.");
  await expect(message).toBeFocused();
  await expect(form.getByTestId("form-error-count")).toHaveText(/^1 error in the form\./);
});

test("reset password: a bad address is focused and announced, and it stays typed", async ({ page }) => {
  await page.goto("/reset-password");
  await page.getByLabel("Email").fill("not-an-address");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveValue("not-an-address");
  await expect(page.getByTestId("form-error-count")).toHaveText(/^1 error in the form\./);
});

test("contact: an empty submit marks every missing field, the role too, and focuses Name", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Name")).toBeFocused();
  await expectAnnounced(form, 5);
});

test("create project: an empty submit focuses Title and announces the count", async ({ page }) => {
  const client = await createAccount("client");
  await signInAs(page, client.email, client.password);
  await page.goto("/client/projects");
  await page.getByRole("button", { name: "Create Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await expectAnnounced(dialog, 2);
});
