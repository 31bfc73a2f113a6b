import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, signInAs, confirmIn } from "./helpers";
import { addSlot, bookSession, createInviteEngagement, createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// The money loop in three browsers: the client marks a session completed, its incentive waits
// in Pending QC, the review window closes (the demo clock runs the money job a week ahead), the
// expert cashes out, the admin marks the payout paid, and the expert's /payments says Paid.

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

async function signedIn(browser: Browser, email: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, password);
  return { page, close: () => context.close() };
}

/** Yesterday as "YYYY-MM-DD": a session that has already happened. */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

test("a completed session's incentive goes through quality review, cash out and a paid payout", async ({ browser }) => {
  const expert = await newVerifiedExpert();
  const clientAccount = await newClient();
  const study = await createStudy(clientAccount, { minutes: 45 });
  const engagementId = await createInviteEngagement(study, expert, clientAccount, "accepted");
  await bookSession(engagementId, await addSlot(expert.expertId, yesterday(), "10:00", "11:00"), study.minutes, expert.userId);

  // ── The client marks it completed, after reading what that means for payment.
  const client = await signedIn(browser, clientAccount.email, clientAccount.password);
  await client.page.goto(`/client/projects/${study.projectId}`);
  const card = client.page
    .getByTestId("column-scheduled")
    .getByTestId("engagement-card")
    .filter({ hasText: "Session Tester", visible: true });
  await card.getByRole("button", { name: "Mark the session with Session Tester completed" }).click();
  const confirm = client.page.getByRole("alertdialog", { name: "Mark the session with Session Tester completed?" });
  await expect(confirm).toContainText("3 business days of quality review");
  await confirm.getByRole("button", { name: "Mark completed" }).click();
  await expect(toast(client.page, "Session marked completed")).toBeVisible();
  const done = client.page
    .getByTestId("column-completed")
    .getByTestId("engagement-card")
    .filter({ hasText: "Session Tester", visible: true });
  await expect(done.getByTestId("earning-status")).toContainText("Incentive $125.00");
  await expect(done.getByTestId("earning-status")).toContainText("in quality review until");
  await done.getByRole("button", { name: "Dispute the session with Session Tester" }).click();
  const dispute = client.page.getByRole("alertdialog", { name: "Dispute the session with Session Tester?" });
  // The client reads the rule addressed to them.
  await expect(dispute).toContainText("You may open a dispute, with a reason, within 3 business days");
  await expect(dispute).not.toContainText("The client may");
  await dispute.getByRole("button", { name: "Keep it" }).click();
  await expect(dispute).toBeHidden();

  // ── The expert: $125 in Pending QC, listed under Earnings.
  const mine = await signedIn(browser, expert.email, expert.password);
  await mine.page.goto("/payments");
  const earning = mine.page.getByRole("row").filter({ hasText: study.title });
  await expect(earning).toContainText("$125.00");
  await expect(earning).toContainText("Pending QC");

  // ── The review window closes: the admin runs the money job a week ahead (demo mode only).
  const admin = await signedIn(browser, DEMO.admin);
  const settled = await admin.page.request.post("/api/admin-test-clock", {
    data: { at: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  });
  expect(settled.status()).toBe(200);
  await mine.page.reload();
  await expect(earning).toContainText("Available");

  // ── Cash out from the dashboard's wallet.
  await mine.page.goto("/dashboard?tab=wallet");
  await expect(mine.page.getByTestId("wallet-available").filter({ visible: true })).toHaveText("$125.00");
  await mine.page.getByRole("button", { name: /^Cash Out/ }).click();
  await confirmIn(mine.page, "Confirm Cash Out");
  await expect(toast(mine.page, "Cash Out Initiated")).toBeVisible();
  await expect(mine.page.getByTestId("wallet-available").filter({ visible: true })).toHaveText("$0.00");

  // ── The admin pays it and records the reference.
  await admin.page.goto("/admin/payouts");
  const row = admin.page.getByTestId("payout-queue-row").filter({ visible: true }).filter({ hasText: expert.email });
  await expect(row).toContainText("$125.00");
  await row.getByRole("button", { name: /^Mark paid/ }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Mark payout paid" });
  await dialog.getByLabel("Payment reference").fill("PAYPAL-LOOP-125");
  await dialog.getByRole("button", { name: "Mark paid" }).click();
  await expect(toast(admin.page, "Payout marked paid")).toBeVisible();

  // ── The expert sees it paid.
  await mine.page.goto("/payments");
  await mine.page.getByRole("tab", { name: "Paid" }).click();
  const paid = mine.page.getByRole("tabpanel").getByTestId("payout-history-row").first();
  await expect(paid).toContainText("$125.00");
  await expect(paid).toContainText(/paid/i);

  await Promise.all([client.close(), mine.close(), admin.close()]);
});
