import { expect, test, type Page } from "@playwright/test";
import { DEMO, signInAs } from "./helpers";

// What people read: labels from the vocabulary instead of stored values, a footer that knows the
// year, and toasts that never sit on top of the header's controls.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

async function openOpportunities(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Opportunities", exact: true }).click();
  await expect(page.getByRole("tabpanel", { name: "Opportunities" }).locator('[aria-busy="true"]')).toHaveCount(0);
}

test("an opportunity card at phone width names its type and location in words", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.expert);
  await openOpportunities(page);
  const card = page
    .getByTestId("opportunity")
    .filter({ has: page.getByRole("heading", { name: "Teacher Retention Focus Group", exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByText("Focus group", { exact: true })).toBeVisible();
  await expect(card.getByText("Video call", { exact: true })).toBeVisible();
  for (const raw of ["focus_group", "focus group", "Focus Group", "video", "remote", "Remote (video)"])
    await expect(card.getByText(raw, { exact: true })).toHaveCount(0);
});

test("the footer's copyright line carries the current year", async ({ page }) => {
  await page.goto("/how-it-works");
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getUTCFullYear()} K12 Experts. All rights reserved.`);
});

for (const [name, size] of [
  ["phone", PHONE],
  ["laptop", LAPTOP],
] as const) {
  test(`a toast at ${name} width leaves the header's bell and Logout uncovered`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAs(page, DEMO.client);
    await page.goto("/client/experts");
    const shortlist = page.getByRole("button", { name: /^Shortlist(ed)? / }).first();
    await shortlist.click();
    const shown = page.locator("[data-sonner-toast]").first();
    await expect(shown).toBeVisible();
    const header = (await page.getByRole("banner").boundingBox())!;
    // Polled: a toast slides in from above before it settles.
    await expect.poll(async () => (await shown.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    // What a tap at the centre of the bell and of Logout reaches is still that control.
    for (const control of [page.getByTestId("notifications-bell"), page.getByRole("link", { name: "Logout" })]) {
      const c = (await control.boundingBox())!;
      const reached = await control.evaluate((el, at) => el.contains(document.elementFromPoint(at.x, at.y)), {
        x: c.x + c.width / 2,
        y: c.y + c.height / 2,
      });
      expect(reached).toBe(true);
    }
  });
}
