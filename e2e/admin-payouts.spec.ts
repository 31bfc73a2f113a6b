import { expect, test, type Browser, type Page } from "@playwright/test";
import { createAccount, DEMO, signInAs, confirmIn } from "./helpers";

// The payout desk end to end: an expert cashes out, the admin settles the payout on
// /admin/payouts, and the expert's /payments shows the outcome. Each test has its own expert.

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

/** A new expert with `cents` available who cashes it all out from the dashboard. */
async function expertWhoCashedOut(browser: Browser, cents: number) {
  const expert = await createAccount("expert", { availableCents: cents });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, expert.email, expert.password);
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Wallet", exact: true }).click();
  await page.getByRole("button", { name: /^Cash Out/ }).click();
  await confirmIn(page, "Confirm Cash Out");
  await expect(toast(page, "Cash Out Initiated")).toBeVisible();
  return { ...expert, page, close: () => context.close() };
}

async function adminDesk(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, DEMO.admin);
  await page.goto("/admin/payouts");
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  return { page, close: () => context.close() };
}

test("admin marks a cashed-out payout paid with a reference; the expert sees Paid", async ({ browser }) => {
  const expert = await expertWhoCashedOut(browser, 4_321);
  const admin = await adminDesk(browser);
  const row = admin.page.getByTestId("payout-queue-row").filter({ visible: true }).filter({ hasText: expert.email });
  await expect(row).toContainText("$43.21");
  await expect(row).toContainText("pending");
  await expect(admin.page.getByRole("link", { name: "Payouts" })).toHaveAttribute("aria-current", "page");

  await row.getByRole("button", { name: /^Mark paid/ }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Mark payout paid" });
  // An empty reference is refused in the dialog, next to its field.
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Reference is required.");
  await dialog.getByLabel("Payment reference").fill("PAYPAL-E2E-4321");
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await expect(toast(admin.page, "Payout marked paid")).toBeVisible();
  await expect(row).toHaveCount(0);

  await expert.page.goto("/payments");
  await expert.page.getByRole("tab", { name: "Paid" }).click();
  const history = expert.page.getByRole("tabpanel").getByTestId("payout-history-row").first();
  await expect(history).toContainText("$43.21");
  await expect(history).toContainText(/paid/i);
  await Promise.all([expert.close(), admin.close()]);
});

test("admin marks a payout failed with a reason; the money is back in Available and the expert reads why", async ({ browser }) => {
  const expert = await expertWhoCashedOut(browser, 2_500);
  const admin = await adminDesk(browser);
  const row = admin.page.getByTestId("payout-queue-row").filter({ visible: true }).filter({ hasText: expert.email });
  await row.getByRole("button", { name: /^Mark failed/ }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Mark payout failed" });
  await expect(dialog).toContainText("back to the expert's Available balance");
  await dialog.getByLabel("Reason shown to the expert").fill("PayPal returned it: the address is not a PayPal account.");
  await dialog.getByRole("button", { name: "Mark failed" }).click();
  await expect(toast(admin.page, "Payout marked failed")).toBeVisible();
  await expect(row).toHaveCount(0);

  await expert.page.goto("/payments");
  await expect(expert.page.getByTestId("payout-failure-reason").first()).toContainText("PayPal returned it: the address is not a PayPal account.");
  await expect(expert.page.getByText("$25.00").first()).toBeVisible();
  await expert.page.goto("/dashboard");
  await expert.page.getByRole("tab", { name: "Wallet", exact: true }).click();
  await expect(expert.page.getByTestId("wallet-available").filter({ visible: true })).toHaveText("$25.00");
  await Promise.all([expert.close(), admin.close()]);
});
