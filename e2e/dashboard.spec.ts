import { expect, test, type Page } from "@playwright/test";
import { DEMO, createAccount, signInAs, signedInPage, confirmIn, withDb } from "./helpers";
import { openListOf } from "./support/engagements";

// The demo expert's rows drive every widget. Tests that change data run in order and are
// written to hold whatever earlier runs left behind.
test.describe.configure({ mode: "serial" });

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
/** Opens a tab and waits for its panel: a tab other than the page's own loads on first opening. */
async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect(page.getByRole("tabpanel", { name }).locator('[aria-busy="true"]')).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await signInAs(page, DEMO.expert);
});

test("overview: greeting, summary cards from the database, privacy card", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: /Welcome back, .+!/ })).toBeVisible();
  // Visible ones only: while the streamed page reveals itself React briefly holds a hidden copy.
  await expect(page.getByText("VERIFIED").filter({ visible: true })).toBeVisible();
  await expect(page.getByText("100% complete").filter({ visible: true })).toBeVisible();
  for (const t of ["Profile Status", "Pending QC", "Available", "Next Payout"])
    await expect(page.getByRole("heading", { name: t, exact: true })).toBeVisible();
  await expect(page.getByText("Estimated payout date").filter({ visible: true })).toBeVisible();
  for (const t of ["Overview", "Opportunities", "Wallet", "Impact", "Pulse", "Settings"])
    await expect(page.getByRole("tab", { name: t, exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Data & Privacy" })).toBeVisible();
  await expect(page.getByText("Privacy policy version:")).toContainText("1.0");
  await expect(page.getByText("Privacy consent accepted:")).not.toContainText("Not recorded");
  await expect(page.getByRole("link", { name: /privacy policy/i }).first()).toHaveAttribute("href", "/privacy-data");
  // /expert/* shows the same dashboard.
  await page.goto("/expert/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
});

test("opportunities: apply creates a pending application; Pick Time schedules from own slots", async ({ page }) => {
  // Two flows and a reload.
  test.setTimeout(120_000);
  // A seeded study without a screener (other specs add studies with screeners to the Open list;
  // e2e/expert-engagements.spec.ts covers those). Applied once, it stays 'Application Pending'.
  // The Open list comes a page at a time among every spec's studies: searched for its title.
  const title = "Elementary Math Curriculum Feedback";
  await page.goto(openListOf(title));
  await openTab(page, "Opportunities");
  await expect(page.getByText("Declining invites doesn't affect your standing. You control availability.")).toBeVisible();
  const item = () => page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  const apply = item().getByRole("button", { name: "Apply" });
  if (await apply.count()) {
    await apply.click();
    const confirm = page.getByRole("dialog", { name: `Apply to ${title}` });
    await confirm.getByLabel(/outside-activity policy/).check();
    await confirm.getByRole("button", { name: "Submit Application" }).click();
    await expect(toast(page, "Application Submitted")).toContainText("Your application has been submitted successfully!");
    await expect(item().getByRole("button", { name: "Application Pending" })).toBeDisabled();
  }
  await page.reload();
  await openTab(page, "Opportunities");
  await expect(item().getByRole("button", { name: "Application Pending" })).toBeDisabled();
  await page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  const pick = page.getByRole("button", { name: "Pick Time" }).first();
  if (await pick.count()) {
    const scheduledBefore = Number(/\((\d+)\)/.exec(await page.getByRole("tab", { name: /^Scheduled/ }).innerText())![1]);
    await pick.click();
    const dialog = page.getByRole("dialog", { name: "Pick Time" });
    await expect(dialog).toBeVisible();
    // The first time (after school hours first) is chosen; the demo expert's seeded slots lie ahead.
    await expect(dialog.getByRole("radio").first()).toBeChecked();
    await dialog.getByRole("button", { name: "Confirm Time" }).click();
    await expect(toast(page, "Time Scheduled")).toBeVisible();
    await expect(page.getByRole("tab", { name: `Scheduled (${scheduledBefore + 1})` })).toBeVisible();
  }
});

test("pulse and feedback", async ({ page }) => {
  await page.goto("/dashboard");
  await openTab(page, "Pulse");
  const form = page.getByRole("form", { name: "Pulse survey" });
  const submit = form.getByRole("button", { name: "Submit", exact: true });
  if (await submit.count()) {
    await submit.click();
    await expect(page.getByText("Please choose a rating or write an answer.")).toBeVisible();
    const radio = form.getByRole("radio").first();
    if (await radio.count()) await radio.check();
    else await form.getByRole("textbox").fill("Shorter sessions with follow-up coaching.");
    await submit.click();
    await expect(toast(page, "Response Submitted")).toContainText("Thank you for your feedback! It helps us improve your experience.");
  }
  await page.reload();
  await openTab(page, "Pulse");
  // The panel, not the page: while a streamed page reveals itself it briefly holds a hidden copy.
  await expect(page.getByRole("tabpanel", { name: "Pulse" }).getByText("Pulse Survey Complete")).toBeVisible();

  const send = page.getByRole("button", { name: "Submit Feedback" });
  if (await send.count()) {
    await send.click();
    await expect(page.getByText("Please give an overall rating.")).toBeVisible();
    await page.getByRole("group", { name: "Overall rating (required)" }).getByRole("radio", { name: "5" }).check();
    await page.getByLabel("Your feedback").fill("Clear agenda and on time.");
    await send.click();
    await expect(toast(page, "Feedback Submitted")).toContainText("Thank you for your feedback! It helps improve our community.");
    await expect(page.getByText("Feedback Complete")).toBeVisible();
  }
});

test("settings: expertise ratings and privacy toggles persist", async ({ page }) => {
  await page.goto("/dashboard");
  await openTab(page, "Settings");
  const slider = page.getByRole("slider", { name: "Special Education" });
  await slider.focus();
  const before = Number(await slider.getAttribute("aria-valuenow"));
  await page.keyboard.press(before < 5 ? "ArrowRight" : "ArrowLeft");
  const after = before < 5 ? before + 1 : before - 1;
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Ratings Updated")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeHidden();

  const toggle = page.getByRole("switch", { name: "Email me feedback requests" });
  const was = (await toggle.getAttribute("aria-checked")) === "true";
  await toggle.click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Settings Updated")).toContainText("Your privacy and notification settings have been saved.");
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeHidden();

  await page.reload();
  await openTab(page, "Settings");
  await expect(page.getByRole("slider", { name: "Special Education" })).toHaveAttribute("aria-valuenow", String(after));
  await expect(page.getByRole("switch", { name: "Email me feedback requests" })).toHaveAttribute("aria-checked", String(!was));
});

test("impact shows numbers from completed work", async ({ page }) => {
  await page.goto("/dashboard");
  await openTab(page, "Impact");
  await expect(page.getByRole("heading", { name: "Projects Completed" })).toBeVisible();
  await expect(page.getByText("Principal Pipeline Interview").first()).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Monthly goal progress" })).toBeVisible();
});

test("wallet: cash out moves the whole balance into a pending payout, once", async ({ page }) => {
  await page.goto("/dashboard");
  await openTab(page, "Wallet");
  await expect(page.getByText("Ready for cash out")).toBeVisible();
  const cash = page.getByRole("button", { name: /^Cash Out/ });
  if (await cash.isEnabled()) {
    await cash.click();
    await confirmIn(page, "Confirm Cash Out");
    await expect(toast(page, "Cash Out Initiated")).toContainText(
      "Your payout request has been submitted and will be processed within 7 business days.",
    );
  }
  await page.reload();
  await openTab(page, "Wallet");
  await expect(page.getByTestId("wallet-available").filter({ visible: true })).toHaveText("$0.00");
  await expect(page.getByRole("button", { name: /^Cash Out/ })).toBeDisabled();
  await expect(page.getByTestId("payout-row").first()).toContainText(/pending|processing/i);
  await expect(page.getByTestId("summary-available").filter({ visible: true })).toHaveText("$0.00");
});

test("payments page: signed-in wallet with filters", async ({ browser }) => {
  // An expert of its own with one paid and one pending payout: the demo expert's payouts change
  // under other specs (cash outs, the payout desk), so the filters are read on rows nobody else touches.
  const expert = await createAccount("expert");
  await withDb((db) =>
    db.query(
      `INSERT INTO payouts (id, user_id, amount_cents, status, payment_method, estimated_payout_date, actual_payout_date, paid_at, created_at)
       VALUES (gen_random_uuid(), $1, 12345, 'paid', 'paypal', current_date - 20, current_date - 18, now() - interval '18 days', now() - interval '25 days'),
              (gen_random_uuid(), $1, 6789, 'pending', 'paypal', current_date + 5, NULL, NULL, now() - interval '1 day')`,
      [expert.userId],
    ),
  );
  const page = await signedInPage(browser, expert.email, expert.password);
  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Expert Wallet" })).toBeVisible();
  await expect(page.getByText("Estimated payout date", { exact: true }).filter({ visible: true })).toBeVisible();
  const rows = page.getByRole("tabpanel").getByTestId("payout-history-row");
  await expect(rows).toHaveCount(2);
  await page.getByRole("tab", { name: "Paid" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("$123.45");
  await expect(rows.first()).toContainText(/paid/i);
  await page.getByRole("tab", { name: "Pending" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("$67.89");
  await expect(rows.first()).toContainText(/pending/i);
  await page.context().close();
});
