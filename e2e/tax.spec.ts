import { expect, test } from "@playwright/test";
import { DEMO, createAccount, signInAs, confirmIn } from "./helpers";

// The W-9 gate in a browser: a cash out past the year's 1099-NEC threshold is
// refused with a way to the W-9; once it is signed the same cash out goes through.
test("a cash out past the threshold asks for the W-9; after signing it the cash out goes through", async ({ page }) => {
  test.setTimeout(90_000);
  const account = await createAccount("expert", { availableCents: 250_000 });
  await signInAs(page, account.email, account.password);

  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Wallet" }).click();
  await page.getByRole("button", { name: "Cash Out $2,500.00" }).click();
  await confirmIn(page, "Confirm Cash Out");
  const refusal = page.getByTestId("w9-required");
  await expect(refusal).toContainText("Please complete your W-9 before this cash out.");
  await refusal.getByRole("link", { name: "Complete your W-9" }).click();

  await expect(page).toHaveURL(/\/payments\?w9=open#w9$/);
  const dialog = page.getByRole("dialog", { name: /W-9/ });
  await expect(dialog).toBeVisible();
  // Errors sit beside their fields and the first one takes the focus.
  await dialog.getByRole("button", { name: "Sign and save W-9" }).click();
  await expect(dialog.getByText("Legal name is required")).toBeVisible();
  await expect(dialog.getByLabel("Legal name (as shown on your tax return)")).toBeFocused();

  await dialog.getByLabel("Legal name (as shown on your tax return)").fill("Session Tester");
  await dialog.getByLabel("Federal tax classification").selectOption("individual");
  await dialog.getByLabel("Address", { exact: true }).fill("1 Main Street");
  await dialog.getByLabel("City").fill("Columbus");
  await dialog.getByLabel("State").selectOption("OH");
  await dialog.getByLabel("ZIP code").fill("43004");
  await dialog.getByLabel("Taxpayer identification number type").selectOption("SSN");
  await dialog.getByLabel("SSN or EIN (9 digits)").fill("123-45-6789");
  await dialog.getByRole("button", { name: "Sign and save W-9" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("w9-summary")).toContainText("SSN ending in 6789");
  await expect(page.getByText("123456789")).toHaveCount(0);

  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Wallet" }).click();
  await page.getByRole("button", { name: "Cash Out $2,500.00" }).click();
  await confirmIn(page, "Confirm Cash Out");
  await expect(page.getByText("Cash Out Initiated")).toBeVisible();
});

test("the admin downloads the year's 1099 CSV from /admin/tax", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto("/admin/tax");
  await page.getByLabel("Tax year").selectOption("2026");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("1099-nec-2026.csv");
  const text = await (await file.createReadStream()).toArray();
  // Every CSV download starts with a UTF-8 BOM (lib/platform/csv-response.ts) so Excel reads accents.
  expect(Buffer.concat(text).toString("utf8")).toMatch(/^\uFEFFYear,Payee user id,Email,Legal name,/);
});
