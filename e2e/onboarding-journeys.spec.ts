import { expect, test, type Page } from "@playwright/test";
import { DEMO, createAccount, e2eDb, signInAs, uniqueEmail, waitForMail } from "./helpers";

// What someone types in onboarding is kept, and finishing onboarding in one browser lets every
// other signed-in browser of the same person through the gate.

const step = (page: Page, title: string) => page.locator("section", { has: page.getByRole("heading", { name: title }) });

/** A new expert whose onboarding still lacks `steps` (the others are done). */
async function expertMissing(steps: string[]) {
  const account = await createAccount("expert");
  const db = await e2eDb();
  try {
    const sets = steps.map((s) => `step_${s} = false`).join(", ");
    await db.query(`UPDATE experts SET ${sets} WHERE user_id = $1`, [account.userId]);
    const { rows } = await db.query<{ id: string }>("SELECT id FROM experts WHERE user_id = $1", [account.userId]);
    return { ...account, expertId: rows[0].id };
  } finally {
    await db.end();
  }
}

test("conflict declarations typed in the preferences step are kept by Save & Continue alone: Settings and the admin review show them", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const expert = await expertMissing(["preferences"]);
  await signInAs(page, expert.email, expert.password);
  await page.goto("/onboarding?step=preferences");
  const prefs = step(page, "Research Preferences");
  await prefs.getByLabel("Online surveys (5-15 min)").check();
  await prefs.getByLabel("Video calls").check();

  const declarations = prefs.getByTestId("conflict-declarations");
  await expect(declarations.getByLabel("Employer (district or school)")).toBeEnabled();
  await declarations.getByLabel("Employer (district or school)").fill("Maple Valley Unified");
  await declarations.getByLabel("Employer's web domain (optional)").fill("maplevalley.k12.ca.us");
  await declarations.getByLabel("Do you take part in purchasing decisions?").selectOption("medium");
  await declarations.getByRole("button", { name: "Add Vendor or Product" }).click();
  await declarations.getByLabel("Vendor or product 1", { exact: true }).fill("Brightpath Learning");
  // Save & Continue at once, before any autosave could have run.
  await prefs.getByRole("button", { name: "Save & Continue" }).click();
  // Two saves in turn (the declarations, then the step) on a shared, busy machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  // Settings (the dashboard's Settings tab) shows what was typed.
  await page.goto("/dashboard?tab=settings");
  // The one on screen: while a streamed page reveals itself it briefly holds a hidden copy.
  const settings = page.getByTestId("conflict-declarations").filter({ visible: true });
  await expect(settings.getByLabel("Employer (district or school)")).toHaveValue("Maple Valley Unified");
  await expect(settings.getByLabel("Employer's web domain (optional)")).toHaveValue("maplevalley.k12.ca.us");
  await expect(settings.getByLabel("Do you take part in purchasing decisions?")).toHaveValue("medium");
  await expect(settings.getByLabel("Vendor or product 1", { exact: true })).toHaveValue("Brightpath Learning");

  // So does the admin's review of the expert.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInAs(adminPage, DEMO.admin);
  await adminPage.goto(`/admin/experts/${expert.expertId}`);
  const conflicts = adminPage.getByRole("heading", { name: "Conflicts of interest" }).locator("xpath=ancestor::*[.//dl][1]");
  await expect(conflicts.locator("dd").first()).toHaveText("Maple Valley Unified");
  await expect(conflicts).toContainText("maplevalley.k12.ca.us");
  await expect(conflicts).toContainText("Brightpath Learning");
  await admin.close();
});

test("conflict declarations inside the step save as the person types, and a bad domain holds the step with the field named", async ({
  page,
}) => {
  const expert = await expertMissing(["preferences", "payments"]);
  await signInAs(page, expert.email, expert.password);
  await page.goto("/onboarding?step=preferences");
  const prefs = step(page, "Research Preferences");
  const declarations = prefs.getByTestId("conflict-declarations");
  await expect(declarations.getByLabel("Employer (district or school)")).toBeEnabled();
  // Only the step's own button saves: there is no second one to press and forget.
  await expect(declarations.getByRole("button", { name: "Save Declarations" })).toHaveCount(0);
  await declarations.getByLabel("Employer (district or school)").fill("Cedar Ridge Schools");
  await expect(declarations.getByTestId("declarations-save-status")).toHaveText("Declarations saved");
  await page.reload();
  await expect(step(page, "Research Preferences").getByLabel("Employer (district or school)")).toHaveValue("Cedar Ridge Schools");

  const again = step(page, "Research Preferences");
  await again.getByLabel("Online surveys (5-15 min)").check();
  await again.getByLabel("Video calls").check();
  await again.getByLabel("Employer's web domain (optional)").fill("not a domain");
  await again.getByRole("button", { name: "Save & Continue" }).click();
  await expect(again.getByText("Enter a domain like example.com")).toBeVisible();
  await expect(again.getByLabel("Employer's web domain (optional)")).toBeFocused();
  await expect(page.getByTestId("progress-count").first()).toHaveText("4 of 6 steps completed");
});

test("a school e-mail typed in the basics step is not lost: Save & Continue sends its confirmation link", async ({ page }) => {
  const expert = await expertMissing(["basics"]);
  await signInAs(page, expert.email, expert.password);
  await page.goto("/onboarding?step=basics");
  const basics = step(page, "Basic Information");
  const school = uniqueEmail("dana").replace("@example.org", "@oakgrove.k12.ca.us");
  await basics.getByLabel("School or district e-mail (optional)").fill(school);
  await basics.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await waitForMail(school, "Confirm your school e-mail for K12 Experts");
});

test("finishing onboarding in one browser lets the other signed-in browser through the gate", async ({ browser }) => {
  test.setTimeout(90_000);
  const expert = await expertMissing(["pulse"]);
  const first = await browser.newContext();
  const second = await browser.newContext();
  const finishing = await first.newPage();
  const other = await second.newPage();
  await signInAs(finishing, expert.email, expert.password);
  await signInAs(other, expert.email, expert.password);

  // Both are held at onboarding while a step is left.
  await other.goto("/dashboard");
  await expect(other).toHaveURL(/\/onboarding$/);

  await finishing.goto("/onboarding?step=pulse");
  await step(finishing, "Pulse Check").getByRole("button", { name: "Save & Continue" }).click();
  await expect(finishing).toHaveURL(/\/dashboard$/);

  // The other browser still holds the token it signed in with; the gate follows the database.
  await other.goto("/dashboard");
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.goto("/payments");
  await expect(other).toHaveURL(/\/payments$/);
  // And onboarding, opened there, sends the finished expert on to the dashboard.
  await other.goto("/onboarding");
  await expect(other.getByTestId("progress-count").first()).toHaveText("6 of 6 steps completed");
  await other.getByRole("link", { name: "Go to My Dashboard" }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await Promise.all([first.close(), second.close()]);
});
