import { expect, test, type Page } from "@playwright/test";
import { POLICY, QC_BUSINESS_DAYS } from "../lib/money/policy";
import { createAccount, e2eDb, signInAs } from "./helpers";

test("signed-out visitors see how payments work and a sign-in link", async ({ page }) => {
  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(page.getByText(POLICY.payout)).toBeVisible();
  // One list with onboarding and the help center (lib/vocabulary/payments.ts), checks included, and the promise the payout clock keeps.
  for (const m of ["Bank transfer (ACH)", "PayPal", "Venmo", "Zelle", "Check"])
    await expect(page.getByText(m, { exact: true })).toBeVisible();
  await expect(page.getByText(POLICY.payoutClock)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Pending QC" })).toContainText(`${QC_BUSINESS_DAYS} business days`);
  await page.getByRole("link", { name: "Sign in to see your wallet" }).click();
  await expect(page).toHaveURL(/\/expert\/login/);
});

const step = (page: Page, title: string) => page.locator("section", { has: page.getByRole("heading", { name: title }) });

test("an expert who chooses checks gives a US mailing address, checked beside each field", async ({ page }) => {
  const expert = await createAccount("expert");
  await signInAs(page, expert.email, expert.password);
  await page.goto("/onboarding?step=payments");
  const pay = step(page, "Payment Setup");
  await pay.getByLabel("Preferred payment method").selectOption("check");
  const address = pay.getByTestId("check-mailing-address");
  await expect(address).toContainText("7-10 business days");
  await pay.getByRole("button", { name: "Save & Continue" }).click();
  await expect(address.getByText("Address is required")).toBeVisible();

  await address.getByLabel("Street address").fill("12 Elm Street");
  await address.getByLabel("City").fill("Springfield");
  await address.getByLabel("State").selectOption("IL");
  await address.getByLabel("ZIP code").fill("6270");
  await pay.getByRole("button", { name: "Save & Continue" }).click();
  await expect(address.getByText("Enter a 5-digit ZIP code (or ZIP+4)")).toBeVisible();
  await address.getByLabel("ZIP code").fill("62701");
  await pay.getByRole("button", { name: "Save & Continue" }).click();
  await expect(address.getByRole("alert")).toHaveCount(0);

  const db = await e2eDb();
  try {
    await expect
      .poll(
        async () =>
          (
            await db.query(
              "SELECT preferred_payment_method::text AS m, check_address_line1 AS a, check_city AS c, check_state AS s, check_zip_code AS z FROM experts WHERE user_id = $1",
              [expert.userId],
            )
          ).rows[0],
      )
      .toEqual({ m: "check", a: "12 Elm Street", c: "Springfield", s: "IL", z: "62701" });
  } finally {
    await db.end();
  }
});
