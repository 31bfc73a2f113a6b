import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createAccount, e2eDb, signInAs } from "./helpers";

// The header's bell: the unread count, the list read when the menu opens, and
// "Mark all as read" — on a phone-sized screen, by keyboard, axe-clean.

test("the bell shows the unread count, lists the notifications and marks them all read", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await createAccount("expert");
  await signInAs(page, account.email, account.password);

  const db = await e2eDb();
  try {
    await db.query(
      `INSERT INTO notifications (id, user_id, kind, title, body, href, created_at) VALUES
         (gen_random_uuid(), $1, 'invited', 'New invitation: Reading study', 'You''re invited to "Reading study"', '/dashboard', now() - interval '2 hours'),
         (gen_random_uuid(), $1, 'scheduled', 'Session scheduled: Math interviews', 'Scheduled: "Math interviews"', '/dashboard', now() - interval '5 minutes')`,
      [account.userId],
    );
  } finally {
    await db.end();
  }

  // Any signed-in page has the header; this one is every role's own.
  await page.goto("/settings/security");
  const bell = page.getByRole("button", { name: "Notifications, 2 unread" });
  await expect(bell).toBeVisible();
  // The bell fits beside the logo without pushing "K12 Experts" onto two lines.
  expect((await page.getByRole("link", { name: "K12 Experts" }).boundingBox())!.height).toBeLessThan(40);

  const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
  const header = await new AxeBuilder({ page }).include("header").withTags(TAGS).analyze();
  expect(header.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Opened from the keyboard: the list arrives, newest first.
  await bell.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Notifications" });
  await expect(menu).toBeVisible();
  const rows = menu.getByRole("menuitem").filter({ hasText: /Reading study|Math interviews/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Session scheduled: Math interviews");
  await expect(rows.nth(1)).toContainText("New invitation: Reading study");
  await expect(menu.locator("[data-unread]")).toHaveCount(2);

  // Nothing spills sideways on a 375 px screen, and the open menu passes axe.
  const box = await menu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const axe = await new AxeBuilder({ page }).include('[role="menu"]').withTags(TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await menu.getByRole("menuitem", { name: "Mark all as read" }).click();
  // The open menu hides the rest of the page from assistive technology, so the bell is found by its test id here.
  await expect(page.getByTestId("notifications-bell")).toHaveAttribute("aria-label", "Notifications");
  await expect(menu.locator("[data-unread]")).toHaveCount(0);
  await expect(menu.getByRole("menuitem", { name: "Mark all as read" })).toHaveAttribute("aria-disabled", "true");

  // Read on the server too: a fresh page shows no count.
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
});
