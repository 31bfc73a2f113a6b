import { expect, test, type Browser, type Page } from "@playwright/test";
import { createAccount, DEMO, e2eDb, signInAs, confirmIn } from "./helpers";

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
  await expect(row).toContainText("Pending");
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
  await expect(expert.page.getByTestId("payout-failure-reason").first()).toContainText(
    "PayPal returned it: the address is not a PayPal account.",
  );
  await expect(expert.page.getByText("$25.00").first()).toBeVisible();
  await expert.page.goto("/dashboard");
  await expert.page.getByRole("tab", { name: "Wallet", exact: true }).click();
  await expect(expert.page.getByTestId("wallet-available").filter({ visible: true })).toHaveText("$25.00");
  await Promise.all([expert.close(), admin.close()]);
});

test("the desk lists the soonest due first and flags an overdue payout", async ({ browser }) => {
  test.setTimeout(120_000); // two experts cash out before the desk opens
  const late = await expertWhoCashedOut(browser, 1_111);
  const onTime = await expertWhoCashedOut(browser, 2_222);
  const db = await e2eDb();
  try {
    // The first one was asked for long ago: its due date has passed.
    await db.query("UPDATE payouts SET due_date = current_date - 3 WHERE user_id = $1", [late.userId]);
  } finally {
    await db.end();
  }
  const admin = await adminDesk(browser);
  const rows = admin.page.getByTestId("payout-queue-row").filter({ visible: true });
  const lateRow = rows.filter({ hasText: late.email });
  const onTimeRow = rows.filter({ hasText: onTime.email });
  await expect(lateRow).toHaveAttribute("data-overdue", "true");
  await expect(lateRow.getByTestId("payout-overdue")).toHaveText("Overdue");
  await expect(onTimeRow).not.toHaveAttribute("data-overdue", "true");
  await expect(onTimeRow.getByTestId("payout-overdue")).toHaveCount(0);
  const emails = await rows.evaluateAll((els) => els.map((el) => el.textContent ?? ""));
  const index = (email: string) => emails.findIndex((t) => t.includes(email));
  expect(index(late.email)).toBeLessThan(index(onTime.email));
  await expect(admin.page.getByTestId("payout-queue-summary")).toContainText("soonest due first");
  await Promise.all([late.close(), onTime.close(), admin.close()]);
});

test("a payout is exported once; select all skips it; a re-export asks for a reason and shows on its history", async ({ browser }) => {
  const expert = await expertWhoCashedOut(browser, 3_333);
  const admin = await adminDesk(browser);
  const page = admin.page;
  const row = page.getByTestId("payout-queue-row").filter({ visible: true }).filter({ hasText: expert.email });
  await row.getByRole("checkbox", { name: /^Select / }).check();
  const first = page.waitForEvent("download");
  await page.getByRole("button", { name: /^Export batch/ }).click();
  expect((await first).suggestedFilename()).toMatch(/^payouts-\d{8}-\d{4}\.csv$/);
  await expect(toast(page, "Batch exported")).toBeVisible();

  // Exported: its box can no longer be ticked, and "select all" leaves it out.
  await expect(row.getByRole("checkbox", { name: /^Already exported: / })).toBeDisabled();
  await expect(row.getByTestId("payout-history")).toContainText("Exported");
  await page.getByRole("checkbox", { name: "Select all payouts" }).click();
  await expect(row.getByRole("checkbox")).not.toBeChecked();
  await page.getByRole("checkbox", { name: "Select all payouts" }).click();

  await row.getByRole("button", { name: /^Re-export/ }).click();
  const dialog = page.getByRole("dialog", { name: "Re-export this payout?" });
  await expect(dialog).toContainText("was already exported");
  await dialog.getByRole("button", { name: "Re-export" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Re-export reason must be at least 10 characters.");
  const reason = "The bank rejected the first file: wrong format.";
  await dialog.getByLabel("Reason for the re-export").fill(reason);
  const again = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Re-export" }).click();
  const file = await again;
  expect(file.suggestedFilename()).toMatch(/-reexport\.csv$/);
  const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString("utf8");
  expect(text).toContain(`,RE-EXPORT,${reason}`);
  await expect(toast(page, "Payout re-exported")).toBeVisible();
  await expect(row.getByTestId("payout-history")).toContainText(`Re-exported`);
  await expect(row.getByTestId("payout-history")).toContainText(reason);
  await Promise.all([expert.close(), admin.close()]);
});
