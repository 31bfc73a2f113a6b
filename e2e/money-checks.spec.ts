import { expect, test } from "@playwright/test";
import { DEMO, signInAs } from "./helpers";

// Admin › Money checks: the admin runs the money's invariant checks and reads the run, check by
// check. The e2e database is shared by the specs running beside this one, so the test reads what
// the run says rather than assuming a clean ledger.

test("the admin runs the money checks now and reads each invariant's outcome", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto("/admin/money");
  await expect(page.getByRole("heading", { level: 1, name: "Money checks" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Money checks" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: "Run the checks now" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "The money checks ran" })).toBeVisible();
  await expect(page.getByTestId("money-check-run")).toContainText(/run by an admin\): (everything adds up\.|\d+ breach(es)?\.)/);
  for (const title of [
    "Every account balances",
    "Every expert credit is backed",
    "Reservations match live engagements",
    "Commitments stay within funds, credit and budget",
    "Donations match their receipts",
  ])
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
});
