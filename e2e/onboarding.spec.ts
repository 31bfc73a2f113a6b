import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { DEMO, uniqueEmail } from "./helpers";
import { POLICY } from "../lib/money/policy";

/** Registers a new expert through the real form; the browser is then signed in at /onboarding. */
async function registerExpert(page: Page) {
  const email = uniqueEmail("e2e-onboard");
  await page.goto("/register");
  const panel = page.getByRole("tabpanel", { name: "Education Expert" });
  await panel.getByLabel("First name").fill("Dana");
  await panel.getByLabel("Last name").fill("Whitfield");
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("School or district").fill("Oak Grove USD");
  await panel.getByLabel("Role").selectOption("principal");
  await panel.getByLabel("Mobile number").fill("555 010 3000");
  await panel.getByLabel("City").fill("Fresno");
  await panel.getByLabel("ZIP code").fill("93650");
  await panel.getByLabel(/^Password/).fill("Maple-Orbit-77");
  await panel.getByLabel("Confirm password").fill("Maple-Orbit-77");
  await panel.getByRole("checkbox", { name: /I agree to the/ }).check();
  await panel.getByRole("button", { name: "Create Expert Account" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { name: "Complete Your Profile" })).toBeVisible();
  return email;
}

/** Elements of the page content wider than the viewport (named, so a failure says what to fix). The site header is the layout's. */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main *")]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 &&
          el.closest(".overflow-x-auto, [data-sonner-toaster]") === null,
      )
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${String(el.className).slice(0, 40)}`)
      .slice(0, 5),
  );

const step = (page: Page, title: string) => page.locator("section", { has: page.getByRole("heading", { name: title }) });

/** The header's signed-in view (bell, dashboard, Logout), not the visitor's "Join as Expert · Client Login". */
async function expectSignedInHeader(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Logout" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Join as Expert" })).toHaveCount(0);
}

test.describe("onboarding wizard", () => {
  // A browser in Chicago: the time zone starts as the browser's, not the platform's Eastern.
  test.use({ timezoneId: "America/Chicago" });

  test("a new expert completes all six steps, sees each validation message, lands on /dashboard and finds everything again", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await registerExpert(page);
    // Registration signed them in: the header says so at once, without a reload.
    await expectSignedInHeader(page);
    await expect(page.getByText("0 of 6 steps completed").filter({ visible: true })).toBeVisible();
    const a11y = await new AxeBuilder({ page }).analyze();
    expect(a11y.violations.map((v) => v.id)).toEqual([]);

    // 1. basics: prefilled from sign-up; the time zone is the browser's (Central).
    const basics = step(page, "Basic Information");
    await expect(basics.getByLabel("Time zone")).toHaveValue("America/Chicago");
    await expect(basics.getByLabel("Role/Title")).toHaveValue("Principal"); // the form holds the role as stored
    await basics.getByLabel("Organization").fill("");
    await basics.getByRole("button", { name: "Save & Continue" }).click();
    await expect(basics.getByText("Organization is required")).toBeVisible();
    await expect(basics.getByLabel("Organization")).toBeFocused();
    // Said once, beside the field: no toast repeating it, no "Unable to save" by the button (nothing failed to save).
    expect(await page.getByText("Organization is required").count()).toBe(1);
    expect(await page.getByText("Unable to save your changes. Please try again.").count()).toBe(0);
    expect(
      await page
        .locator("[data-sonner-toast]")
        .filter({ hasText: /required|Unable to save/ })
        .count(),
    ).toBe(0);
    await basics.getByLabel("Organization").fill("Oak Grove Unified");
    await basics.getByLabel("State").selectOption("CA");
    await basics.getByLabel("Time zone").selectOption({ label: "Pacific" });
    await basics.getByLabel("Department").fill("Administration");
    await basics.getByLabel("About").fill("Principal of a K-8 school in the Central Valley.");
    await basics.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page.getByText("1 of 6 steps completed")).toBeVisible();

    // 2. linkedin: exact validation message, 2-second fetch, Edit Manually, Accept & Continue.
    const linkedin = step(page, "LinkedIn Profile");
    // No promised turnaround for verification: an admin reviews it.
    await expect(
      linkedin.getByText(
        "LinkedIn verification takes 1-2 business days: our team reviews your LinkedIn profile when it verifies you, and your dashboard shows PENDING until then.",
      ),
    ).toBeVisible();
    await linkedin.getByLabel("LinkedIn profile URL").fill("https://example.com/dana");
    await linkedin.getByRole("button", { name: "Fetch Info" }).click();
    await expect(linkedin.getByText("Please enter a valid LinkedIn profile URL (e.g., https://linkedin.com/in/yourname)")).toBeVisible();
    await linkedin.getByLabel("LinkedIn profile URL").fill("https://www.linkedin.com/in/dana-whitfield");
    const started = Date.now();
    await linkedin.getByRole("button", { name: "Fetch Info" }).click();
    await expect(linkedin.getByText("Fetching your LinkedIn information…")).toBeVisible();
    await expect(linkedin.getByTestId("linkedin-sample")).toHaveText("Principal at Oak Grove Unified");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    await linkedin.getByRole("button", { name: "Edit Manually" }).click();
    await expect(linkedin.getByLabel("Headline")).toHaveValue("Principal at Oak Grove Unified");
    await linkedin.getByRole("button", { name: "Fetch Info" }).click();
    await linkedin.getByRole("button", { name: "Accept & Continue" }).click();
    await expect(page.getByText("2 of 6 steps completed")).toBeVisible();

    // 3. expertise: years 0-50, at least 2 focus areas (Enter or plus), unique tools.
    const expertise = step(page, "Expertise");
    await expect(expertise.getByRole("heading", { name: /Expertise/ })).toBeFocused();
    await expertise.getByLabel("Years of experience").fill("51");
    await expertise.getByRole("textbox", { name: /^Focus areas/ }).fill("Literacy");
    await expertise.getByRole("textbox", { name: /^Focus areas/ }).press("Enter");
    await expertise.getByRole("button", { name: "Save & Continue" }).click();
    await expect(expertise.getByText("Years of experience must be between 0 and 50")).toBeVisible();
    await expect(expertise.getByText("Add at least 2 focus areas")).toBeVisible();
    await expertise.getByLabel("Years of experience").fill("17");
    await expertise.getByRole("textbox", { name: /^Focus areas/ }).fill("  STEM  ");
    await expertise.getByRole("button", { name: "Add focus areas" }).click();
    await expertise.getByRole("textbox", { name: /^Focus areas/ }).fill("stem");
    await expertise.getByRole("textbox", { name: /^Focus areas/ }).press("Enter");
    await expect(expertise.getByText('"stem" is already in the list')).toBeVisible();
    await expertise.getByRole("textbox", { name: /^Tools and platforms/ }).fill("Canvas");
    await expertise.getByRole("textbox", { name: /^Tools and platforms/ }).press("Enter");
    await expertise.getByLabel("District type").selectOption("public");
    await expertise.getByLabel("District size").selectOption("very-large");
    await expertise.getByLabel("Urbanicity").selectOption("rural");
    await expertise.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page.getByText("3 of 6 steps completed")).toBeVisible();

    // 4. preferences: required choices, the grid by mouse and keyboard, defaults.
    const prefs = step(page, "Research Preferences");
    await prefs.getByRole("button", { name: "Save & Continue" }).click();
    await expect(prefs.getByText("Choose at least one research type")).toBeVisible();
    await prefs.getByLabel("Online surveys (5-15 min)").check();
    await prefs.getByLabel("Focus groups (60-90 min)").check();
    await prefs.getByLabel("Video calls").check();
    await prefs.getByRole("button", { name: "Monday 9 AM" }).click();
    await expect(prefs.getByRole("button", { name: "Monday 9 AM" })).toHaveAttribute("aria-pressed", "true");
    await prefs.getByRole("button", { name: "Monday 9 AM" }).press("ArrowRight");
    await expect(prefs.getByRole("button", { name: "Tuesday 9 AM" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(prefs.getByRole("button", { name: "Tuesday 9 AM" })).toHaveAttribute("aria-pressed", "true");
    await expect(prefs.getByText("Maximum hours per week: 5")).toBeVisible();
    await prefs.getByRole("slider").focus();
    await page.keyboard.press("ArrowRight");
    await expect(prefs.getByText("Maximum hours per week: 6")).toBeVisible();
    await expect(prefs.getByRole("switch", { name: "Public profile" })).toBeChecked();
    await expect(prefs.getByRole("switch", { name: "Show rates" })).toBeChecked();
    await expect(prefs.getByRole("switch", { name: "Show contact info" })).not.toBeChecked();
    await prefs.getByRole("switch", { name: "Show organization" }).click();
    await prefs.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page.getByText("4 of 6 steps completed")).toBeVisible();

    // 5. payments: method details, ABA checksum, rate order, W-9, tax text.
    const pay = step(page, "Payment Setup");
    await expect(
      pay.getByText(/Before a cash out that would bring your payouts for the calendar year to that year's threshold/),
    ).toBeVisible();
    await expect(pay.getByText(POLICY.payout)).toBeVisible();
    await pay.getByLabel("Preferred payment method").selectOption("bank_transfer");
    await pay.getByLabel("Bank name").fill("Valley Credit Union");
    await pay.getByLabel("Account holder").fill("Dana Whitfield");
    await pay.getByLabel("Routing number").fill("123456789");
    await pay.getByLabel("Account number").fill("000111222333");
    await pay.getByLabel("Hourly rate minimum ($)").fill("150");
    await pay.getByLabel("Hourly rate maximum ($)").fill("100");
    await pay.getByRole("button", { name: "Save & Continue" }).click();
    await expect(pay.getByText("Routing number must be 9 digits with a valid checksum")).toBeVisible();
    await expect(pay.getByText("Minimum rate must not exceed the maximum rate")).toBeVisible();
    await expect(pay.getByText("W-9 consent is required")).toBeVisible();
    await pay.getByLabel("Routing number").fill("021000021");
    await pay.getByLabel("Hourly rate minimum ($)").fill("75");
    await pay.getByLabel("Hourly rate maximum ($)").fill("150");
    await pay.getByLabel(/I agree to provide a W-9/).check();
    await pay.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page.getByText("5 of 6 steps completed")).toBeVisible();

    // 6. pulse: defaults 5 (Proficient); up to 3 growth areas.
    const pulse = step(page, "Pulse Check");
    await expect(pulse.getByText("5 · Proficient").first()).toBeVisible();
    await pulse.getByRole("slider", { name: "Data Analysis" }).focus();
    await page.keyboard.press("End");
    await expect(pulse.getByText("10 · Expert")).toBeVisible();
    await pulse.getByLabel("Assessment Design").check();
    await pulse.getByLabel("Family Engagement").check();
    await pulse.getByLabel("Equity & Inclusion").check();
    await expect(pulse.getByLabel("Professional Development")).toBeDisabled();
    await pulse.getByLabel("Additional notes").fill("Evenings work best.");
    await pulse.getByRole("button", { name: "Save & Continue" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Profile Complete!")).toBeVisible();
    await expectSignedInHeader(page);
    // Waiting for verification: what happens next, and by when (not "Nothing needs you right now").
    await expect(page.getByTestId("verification-next")).toContainText(/within 2 business days, by \w{3}, \w{3} \d{1,2}/);
    await expect(page.getByText("Nothing needs you right now.")).toHaveCount(0);
    expect((await new AxeBuilder({ page }).include('[data-testid="attention-panel"]').analyze()).violations.map((v) => v.id)).toEqual([]);
    // The gate lets the expert through at once: a reload stays on the dashboard.
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Everything entered is there when they come back; bank numbers only as last 4.
    await page.goto("/onboarding?step=payments");
    await expect(page.getByText("6 of 6 steps completed").filter({ visible: true })).toBeVisible();
    const again = step(page, "Payment Setup");
    await expect(again.getByText("On file: •••• 0021. Leave blank to keep it.")).toBeVisible();
    await expect(again.getByText("On file: •••• 2333. Leave blank to keep it.")).toBeVisible();
    await expect(again.getByLabel("Routing number")).toHaveValue("");
    await expect(page.locator("body")).not.toContainText("021000021");
    await step(page, "Expertise").getByRole("button", { name: /Edit/ }).click();
    await expect(step(page, "Expertise").getByRole("list", { name: "Focus areas" })).toContainText("STEM");
    await expect(step(page, "Expertise").getByLabel("Years of experience")).toHaveValue("17");
    await step(page, "Research Preferences").getByRole("button", { name: /Edit/ }).click();
    await expect(step(page, "Research Preferences").getByRole("button", { name: "Tuesday 9 AM" })).toHaveAttribute("aria-pressed", "true");
    await expect(step(page, "Research Preferences").getByRole("switch", { name: "Show organization" })).not.toBeChecked();
    await step(page, "Basic Information").getByRole("button", { name: /Edit/ }).click();
    await expect(step(page, "Basic Information").getByLabel("About")).toHaveValue("Principal of a K-8 school in the Central Valley.");
    await expect(step(page, "Basic Information").getByLabel("Department")).toHaveValue("Administration");
  });

  test("autosave survives a reload; ?step= opens a step; Collapse and Skip for Now", async ({ page }) => {
    await registerExpert(page);
    await page.goto("/onboarding?step=expertise");
    const expertise = step(page, "Expertise");
    await expect(expertise.getByLabel("Years of experience")).toBeVisible();
    await expect(step(page, "Basic Information").getByLabel("Organization")).toBeHidden();
    await expertise.getByLabel("Years of experience").fill("9");
    await expertise.getByRole("textbox", { name: /^Focus areas/ }).fill("Assessment");
    await expertise.getByRole("textbox", { name: /^Focus areas/ }).press("Enter");
    await expect(expertise.getByTestId("save-status")).toHaveText("All changes saved");
    await page.reload();
    await expect(step(page, "Expertise").getByLabel("Years of experience")).toHaveValue("9");
    await expect(step(page, "Expertise").getByRole("list", { name: "Focus areas" })).toContainText("Assessment");
    // Autosave does not complete a step.
    await expect(page.getByText("0 of 6 steps completed").filter({ visible: true })).toBeVisible();

    // Even a half-typed (not yet valid) value survives a reload.
    await page.goto("/onboarding?step=linkedin");
    const linkedin = step(page, "LinkedIn Profile");
    await linkedin.getByLabel("LinkedIn profile URL").fill("https://www.linked");
    await expect(linkedin.getByTestId("save-status")).toHaveText("Kept on this device; fix the highlighted fields to save them");
    await expect(linkedin.getByText("Please enter a valid LinkedIn profile URL (e.g., https://linkedin.com/in/yourname)")).toBeVisible();
    await page.reload();
    await expect(step(page, "LinkedIn Profile").getByLabel("LinkedIn profile URL")).toHaveValue("https://www.linked");

    // A failed save shows 'Unable to save…' and keeps the input.
    await page.route("**/onboarding*", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await step(page, "LinkedIn Profile").getByLabel("LinkedIn profile URL").fill("https://www.linkedin.com/in/dana");
    await step(page, "LinkedIn Profile").getByRole("button", { name: "Save & Continue" }).click();
    await expect(page.getByText("Unable to save your changes. Please try again.").first()).toBeVisible();
    await expect(step(page, "LinkedIn Profile").getByLabel("LinkedIn profile URL")).toHaveValue("https://www.linkedin.com/in/dana");
    await page.unroute("**/onboarding*");

    await page.goto("/onboarding?step=expertise");
    await step(page, "Expertise").getByRole("button", { name: "Collapse" }).click();
    await expect(step(page, "Expertise").getByLabel("Years of experience")).toBeHidden();
    await page.getByRole("link", { name: "Skip for Now" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("usable at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await registerExpert(page);
    expect(await overflowing(page)).toEqual([]);
    await page.goto("/onboarding?step=preferences");
    await expect(step(page, "Research Preferences").getByRole("button", { name: "Sunday 7 PM" })).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    await page.goto("/onboarding?step=payments");
    await step(page, "Payment Setup").getByLabel("Preferred payment method").selectOption("bank_transfer");
    expect(await overflowing(page)).toEqual([]);
  });

  test("signed-out visitors go to /login", async ({ page }) => {
    await page.goto("/onboarding");
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("expert API over HTTP", () => {
  test("no token: 401; token from /api/auth/token reads the own profile; refresh rotates", async ({ request }) => {
    const none = await request.get("/api/experts-me");
    expect(none.status()).toBe(401);
    expect(await none.json()).toEqual({ success: false, error: "No authentication token", code: "UNAUTHENTICATED" });
    expect((await request.post("/api/experts-expertise", { data: {} })).status()).toBe(401);

    const issued = await request.post("/api/auth/token", { data: { email: DEMO.expert, password: DEMO.password } });
    expect(issued.status()).toBe(200);
    const { data } = await issued.json();
    const me = await request.get("/api/experts-me", { headers: { authorization: `Bearer ${data.access_token}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).data.email).toBe(DEMO.expert);

    const refreshed = await request.post("/api/auth/token/refresh", { data: { refresh_token: data.refresh_token } });
    expect(refreshed.status()).toBe(200);
    const reused = await request.post("/api/auth/token/refresh", { data: { refresh_token: data.refresh_token } });
    expect(reused.status()).toBe(401);
  });
});
