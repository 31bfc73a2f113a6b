import { expect, test, type Page } from "@playwright/test";
import { e2eDb, signInAs } from "./helpers";
import { createInviteEngagement, createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// Conflict-of-interest declarations: a client inviting an expert who declared a
// relationship with the client's organization sees "This expert declared a relationship with
// your organization" with the relationship, and must confirm; both sides then see the note.
test.describe.configure({ timeout: 120_000 });

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  const db = await e2eDb();
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}

test("a client inviting a conflicted expert sees the notice and must confirm; both sides see the relationship", async ({
  page,
  browser,
}) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  // The client's organization is "Riverbank Research <hex>": the expert declared "Riverbank Research, Inc.".
  await query(
    "INSERT INTO declared_relationships (id, expert_id, name, normalized_name, domain) VALUES (gen_random_uuid(), $1, 'Riverbank Research, Inc.', 'riverbank research', 'riverbank.example')",
    [expert.expertId],
  );
  const note = "Declared vendor relationship: Riverbank Research, Inc. (riverbank.example)";

  await signInAs(page, client.email, client.password);
  await page.goto(`/experts/${expert.expertId}`);
  await page.getByRole("button", { name: "Send Interview Request" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Project").selectOption({ label: study.title });
  await dialog.getByRole("button", { name: "Send Invite" }).click();

  // Refused until confirmed: the notice with the relationship, nothing stored.
  const notice = dialog.getByTestId("invite-conflict");
  await expect(notice).toContainText("This expert declared a relationship with your organization");
  await expect(notice).toContainText(note);
  expect(await query("SELECT id FROM engagements WHERE project_id = $1", [study.projectId])).toEqual([]);

  await dialog.getByRole("button", { name: "Confirm and Send Invite" }).click();
  await expect(toast(page, "Invite Sent")).toBeVisible();
  await expect
    .poll(() => query<{ conflict_note: string | null }>("SELECT conflict_note FROM engagements WHERE project_id = $1", [study.projectId]))
    .toEqual([{ conflict_note: note }]);

  // The client's pipeline card shows the relationship.
  await page.goto(`/client/projects/${study.projectId}`);
  await expect(page.getByTestId("engagement-card").getByTestId("conflict-notice").filter({ visible: true })).toContainText(note);

  // The expert's card shows it too.
  const expertContext = await browser.newContext();
  try {
    const mine = await expertContext.newPage();
    await signInAs(mine, expert.email, expert.password);
    await mine.goto("/dashboard");
    await mine.getByRole("tab", { name: "Opportunities", exact: true }).click();
    await mine.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
    const card = mine.getByTestId("opportunity").filter({ has: mine.getByRole("heading", { name: study.title, exact: true }) });
    await expect(card.getByTestId("conflict-notice")).toContainText(note);
  } finally {
    await expertContext.close();
  }
});

test("an expert declines payment for an accepted engagement; the public profile says they take part unpaid", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  await createInviteEngagement(study, expert, client, "accepted");
  await signInAs(page, expert.email, expert.password);
  await page.goto(`/experts/${expert.expertId}`);
  await expect(page.getByTestId("unpaid-badge")).toHaveCount(0);

  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Opportunities", exact: true }).click();
  await page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  const card = page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: study.title, exact: true }) });
  await card.getByRole("button", { name: "Decline payment for this engagement (public-employee rules)" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Decline payment for this engagement?" });
  await confirm.getByRole("button", { name: "Decline Payment" }).click();
  await expect(toast(page, "Payment Declined")).toBeVisible();
  await expect(card.getByTestId("payment-declined")).toBeVisible();
  await expect
    .poll(() => query<{ decline_payment: boolean }>("SELECT decline_payment FROM engagements WHERE project_id = $1", [study.projectId]))
    .toEqual([{ decline_payment: true }]);

  // The cached profile page was revalidated.
  await page.goto(`/experts/${expert.expertId}`);
  await expect(page.getByTestId("unpaid-badge")).toHaveText("Participates unpaid where required");
});
