import { expect, test, type Page } from "@playwright/test";
import { DEMO, signInAs } from "./helpers";
import { createStudy, newClient, newVerifiedExpert, openListOf } from "./support/engagements";

// An admin disables a client: the expert's board stops offering the client's study at once, and
// enabling the account brings it back. The client, study and expert are this spec's own.
test.describe.configure({ timeout: 120_000 });

const card = (page: Page, title: string) =>
  page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** The Open list searched for `title` (it comes a page at a time among every spec's studies). */
async function openBoard(page: Page, title: string) {
  await page.goto(openListOf(title));
  await page.getByRole("tab", { name: "Opportunities", exact: true }).click();
  await page.getByRole("tab", { name: /^Open \(\d+\)$/ }).click();
}

test("disabling a client takes its study off the expert's board; enabling puts it back", async ({ page, browser }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, study.title);
  await expect(card(page, study.title)).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signInAs(admin, DEMO.admin);
    await admin.goto(`/admin/users?q=${encodeURIComponent(client.email)}`);
    const row = admin.getByTestId("user-row").filter({ hasText: client.email });
    await row.getByRole("button", { name: `Disable ${client.email}` }).click();
    const dialog = admin.getByRole("alertdialog");
    await expect(dialog.getByText(/Their open projects are paused/)).toBeVisible();
    // What the account has open is listed before the admin confirms (nothing yet for a new client).
    await expect(dialog.getByTestId("open-items-empty")).toBeVisible();
    await dialog.getByRole("button", { name: "Disable account" }).click();
    await expect(row.getByText("disabled", { exact: true })).toBeVisible();

    await openBoard(page, study.title);
    await expect(page.getByTestId("opportunities-card")).toBeVisible();
    await expect(card(page, study.title)).toHaveCount(0);

    await row.getByRole("button", { name: `Enable ${client.email}` }).click();
    await expect(row.getByRole("button", { name: `Disable ${client.email}` })).toBeVisible();

    await openBoard(page, study.title);
    await expect(card(page, study.title)).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
