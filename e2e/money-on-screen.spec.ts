import { expect, test, type Locator, type Page } from "@playwright/test";
import { confirmIn, createAccount, DEMO, signInAs } from "./helpers";
import { addSlot, bookSession, createInviteEngagement, createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// Money as a person on a phone reads it: the Earnings rows add up to the wallet's Total Earned
// (the money from before the ledger is a row of its own), /payments cashes out itself, and the
// payout and billing tables keep their status and amount on screen at 390 px.

test.use({ viewport: { width: 390, height: 844 } });

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);

/** The card whose heading is `label`: its figure. */
const cardFigure = async (page: Page, label: string) =>
  cents(await page.getByRole("heading", { name: label, exact: true }).locator("xpath=../..").locator("p").first().innerText());

/** Fully inside the viewport's width: nothing cut off or pushed off to the side. */
async function expectOnScreen(page: Page, target: Locator) {
  // Measured again if the element was replaced while the page settled (a streamed part revealed).
  await expect(async () => {
    await target.scrollIntoViewIfNeeded({ timeout: 2_000 });
    const box = await target.boundingBox();
    const width = page.viewportSize()!.width;
    expect(box, "the element is laid out").not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }).toPass({ timeout: 10_000 });
}

async function expectNoSidewaysScroll(table: Locator) {
  const overflow = await table.evaluate((t) => {
    const box = t.closest("[data-slot=table-container]") ?? t;
    return box.scrollWidth - box.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test("/payments: the Earnings rows, the opening balance among them, add up to Total Earned", async ({ page }) => {
  await signInAs(page, DEMO.expert);
  await page.goto("/payments");
  const earnings = page.getByTestId("earnings");
  const rows = earnings.getByTestId("earning-row");
  await expect(rows.filter({ hasText: "Opening balance" })).toHaveCount(1);
  // Read again if the page was still settling (a streamed part being revealed) at the first read.
  await expect(async () => {
    const amounts = await rows.evaluateAll((trs) =>
      trs.filter((tr) => !tr.querySelector(".line-through")).map((tr) => tr.querySelector("[data-label=Amount]")!.textContent ?? ""),
    );
    const sum = amounts.reduce((s, a) => s + cents(a), 0);
    const total = await cardFigure(page, "Total Earned");
    expect(total).toBeGreaterThan(0);
    expect(sum).toBe(total);
    expect(cents(await earnings.getByTestId("earnings-total").innerText())).toBe(total);
  }).toPass({ timeout: 10_000 });
  await expectOnScreen(page, earnings.getByTestId("earnings-total"));
  await expectNoSidewaysScroll(earnings);
});

test("/payments cashes out itself, and the payout's status and amount stay on screen at phone width", async ({ page }) => {
  const expert = await createAccount("expert", { availableCents: 12_300 });
  await signInAs(page, expert.email, expert.password);
  await page.goto("/payments");
  // A click that lands before the button is hydrated opens nothing: click until the confirmation opens.
  await expect(async () => {
    await page.getByRole("button", { name: "Cash Out $123.00" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await confirmIn(page, "Confirm Cash Out");
  await expect(page.getByText("Cash Out Initiated")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cash Out $0.00" })).toBeDisabled();
  expect(await cardFigure(page, "Available Balance")).toBe(0);

  const row = page.getByRole("tabpanel").getByTestId("payout-history-row").first();
  const amount = row.locator("[data-label=Amount]");
  const status = row.locator("[data-label=Status]");
  await expect(amount).toHaveText("$123.00");
  await expect(status).toContainText(/Pending/i);
  await expectOnScreen(page, amount);
  await expectOnScreen(page, status.getByText(/Pending/i));
  await expectNoSidewaysScroll(row.locator("xpath=ancestor::table"));
  // The column's name travels with each value once the header row is hidden.
  expect(await status.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Status"');
});

test("/client/billing keeps each project's amount on screen at phone width", async ({ page }) => {
  const expert = await newVerifiedExpert();
  const client = await newClient();
  const study = await createStudy(client, { title: `Billed study ${Date.now()}` });
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await bookSession(engagementId, await addSlot(expert.expertId, yesterday, "10:00", "10:30"), 30, expert.userId);
  await signInAs(page, client.email, client.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/client/projects/${study.projectId}`);
  await page.getByRole("button", { name: "Mark the session with Session Tester completed" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByTestId("column-completed").getByTestId("engagement-card").filter({ visible: true })).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/client/billing");
  const table = page.getByTestId("billing-projects").filter({ visible: true });
  // The row on screen: while a streamed page reveals itself it briefly holds a hidden copy.
  const amount = table.locator("tbody tr").filter({ hasText: study.title, visible: true }).locator("[data-label=Amount]");
  await expect(amount).toHaveText("$125.00");
  await expectOnScreen(page, amount);
  await expectNoSidewaysScroll(table);
});
