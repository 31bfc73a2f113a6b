import { expect, test } from "@playwright/test";
import { POLICY, QC_BUSINESS_DAYS } from "../lib/money/policy";

test("signed-out visitors see how payments work and a sign-in link", async ({ page }) => {
  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(page.getByText(POLICY.payout)).toBeVisible();
  // One list with onboarding and the help center (lib/vocabulary/payments.ts); nobody can choose a check.
  for (const m of ["Bank transfer (ACH)", "PayPal", "Venmo", "Zelle"]) await expect(page.getByText(m, { exact: true })).toBeVisible();
  await expect(page.getByText("Check", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: "Pending QC" })).toContainText(`${QC_BUSINESS_DAYS} business days`);
  await page.getByRole("link", { name: "Sign in to see your wallet" }).click();
  await expect(page).toHaveURL(/\/expert\/login/);
});
