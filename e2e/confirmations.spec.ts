import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO, createAccount, demoExpertId, e2eDb, signInAs } from "./helpers";
import { EXPERT_ZONE, addSlot, newVerifiedExpert } from "./support/engagements";

// Whatever moves money or destroys something asks first. In each test Cancel
// leaves the database as it was, and the confirming button then acts. The open question is
// checked with axe.

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

async function query<T extends Record<string, unknown>>(sql: string, params: unknown[]) {
  const db = await e2eDb();
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.end();
  }
}

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(TAGS).include('[role="alertdialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Today in the expert's zone, the day the availability calendar opens on (not the test machine's: they part after midnight UTC). */
const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: EXPERT_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

test("Cash Out names the amount and the method; Cancel pays nothing, Confirm Cash Out pays", async ({ page }) => {
  const expert = await createAccount("expert", { availableCents: 3_125 });
  const payouts = async () => (await query<{ n: string }>("SELECT count(*) AS n FROM payouts WHERE user_id = $1", [expert.userId]))[0].n;
  await signInAs(page, expert.email, expert.password);
  await page.goto("/dashboard?tab=wallet");

  await page.getByRole("button", { name: "Cash Out $31.25" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cash out $31.25?" });
  await expect(dialog.getByTestId("cash-out-summary")).toHaveText("$31.25 will be paid to your PayPal account on file");
  await expectAxeClean(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Cash Out $31.25" })).toBeFocused();
  expect(await payouts()).toBe("0");
  await expect(page.getByTestId("wallet-available").filter({ visible: true })).toHaveText("$31.25");

  await page.getByRole("button", { name: "Cash Out $31.25" }).click();
  await dialog.getByRole("button", { name: "Confirm Cash Out" }).click();
  await expect(toast(page, "Cash Out Initiated")).toBeVisible();
  await expect(page.getByTestId("wallet-available").filter({ visible: true })).toHaveText("$0.00");
  expect(await payouts()).toBe("1");
});

test("removing a booked slot says it is booked; Keep slot keeps it, Remove slot removes it", async ({ page }) => {
  const expert = await newVerifiedExpert();
  const slotId = await addSlot(expert.expertId, today(), "11:00", "12:00");
  await query("UPDATE availability_slots SET is_available = false WHERE id = $1", [slotId]);
  const slotCount = async () => (await query<{ n: string }>("SELECT count(*) AS n FROM availability_slots WHERE id = $1", [slotId]))[0].n;
  await signInAs(page, expert.email, expert.password);
  await page.goto("/dashboard");

  const remove = page.getByRole("button", { name: "Remove 11:00 AM to 12:00 PM" });
  await remove.click();
  const dialog = page.getByRole("alertdialog", { name: "Remove 11:00 AM to 12:00 PM?" });
  await expect(dialog).toContainText("This slot is booked.");
  await expectAxeClean(page);
  await dialog.getByRole("button", { name: "Keep slot" }).click();
  await expect(dialog).toBeHidden();
  expect(await slotCount()).toBe("1");
  await expect(remove).toBeVisible();

  await remove.click();
  await dialog.getByRole("button", { name: "Remove slot" }).click();
  await expect(toast(page, "Availability Removed")).toBeVisible();
  await expect(remove).toHaveCount(0);
  expect(await slotCount()).toBe("0");
});

test("rejecting an expert is asked first; Cancel keeps them verified", async ({ page }) => {
  const expert = await newVerifiedExpert();
  const status = async () =>
    (await query<{ s: string }>("SELECT verification_status::text AS s FROM experts WHERE id = $1", [expert.expertId]))[0].s;
  await signInAs(page, DEMO.admin);
  await page.goto(`/admin/experts/${expert.expertId}`);

  await page.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reject Session Tester?" });
  await expectAxeClean(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("verified");
  expect(await status()).toBe("verified");

  await page.getByRole("button", { name: "Reject" }).click();
  await dialog.getByRole("button", { name: "Reject Expert" }).click();
  await expect(page.getByTestId("current-status").filter({ visible: true })).toHaveText("rejected");
  expect(await status()).toBe("rejected");
});

test("removing from a shortlist is asked first; Cancel keeps the entry", async ({ page }) => {
  const client = await createAccount("client");
  const expertId = await demoExpertId();
  await query(
    "INSERT INTO shortlists (id, organization_id, client_user_id, expert_id) VALUES (gen_random_uuid(), (SELECT organization_id FROM organization_members WHERE user_id = $1), $1, $2)",
    [client.userId, expertId],
  );
  const entries = async () =>
    (await query<{ n: string }>("SELECT count(*) AS n FROM shortlists WHERE client_user_id = $1", [client.userId]))[0].n;
  await signInAs(page, client.email, client.password);
  await page.goto("/client/shortlist");

  const remove = page.getByRole("button", { name: /^Remove .+ from shortlist$/ });
  await remove.click();
  const dialog = page.getByRole("alertdialog", { name: /^Remove .+ from your shortlist\?$/ });
  await expectAxeClean(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("shortlist-row").filter({ visible: true })).toHaveCount(1);
  expect(await entries()).toBe("1");

  await remove.click();
  await dialog.getByRole("button", { name: "Remove from Shortlist" }).click();
  await expect(page.getByText("Your shortlist is empty.")).toBeVisible();
  expect(await entries()).toBe("0");
});
