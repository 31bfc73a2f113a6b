import { expect, test } from "@playwright/test";

test("signed-out visitors see how payments work and a sign-in link", async ({ page }) => {
  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(page.getByText("within 7 business days")).toBeVisible();
  for (const m of ["PayPal", "ACH (bank transfer)", "Check"]) await expect(page.getByText(m, { exact: true })).toBeVisible();
  await expect(page.getByText("1-3 business days")).toBeVisible();
  await page.getByRole("link", { name: "Sign in to see your wallet" }).click();
  await expect(page).toHaveURL(/\/expert\/login/);
});
