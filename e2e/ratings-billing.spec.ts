import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, e2eDb, signInAs } from "./helpers";
import { addSlot, bookSession, createInviteEngagement, createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// After a session: the client marks it completed and rates the expert (with a
// private note), the expert rates the client from the dashboard and then sees the client's
// scores; the client's billing shows what is owed and the month's CSV; an admin marks the
// statement paid and the client then owes nothing.

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

async function signedIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, password);
  return page;
}

/** Picks a score in each labelled radio group of the open dialog. */
async function score(page: Page, picks: Record<string, number>) {
  const dialog = page.getByRole("dialog");
  for (const [label, n] of Object.entries(picks))
    await dialog
      .getByRole("group", { name: label })
      .getByRole("radio", { name: new RegExp(`^${n} of 5`) })
      .check();
}

test("both sides rate a completed session; the client's bill is marked paid by an admin", async ({ browser }) => {
  const expert = await newVerifiedExpert();
  const client = await newClient();
  const study = await createStudy(client, { title: `Rated study ${Date.now()}` });
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await bookSession(engagementId, await addSlot(expert.expertId, yesterday, "10:00", "10:30"), 30, expert.userId);
  const expertName = "Session Tester";

  // ── The client marks the session completed and rates the expert.
  const c = await signedIn(browser, client.email, client.password);
  await c.goto(`/client/projects/${study.projectId}`);
  await c.getByRole("button", { name: `Mark the session with ${expertName} completed` }).click();
  // The confirmation quotes what this engagement bills.
  await expect(c.getByRole("alertdialog").getByTestId("completion-amount")).toHaveText("$125.00");
  await c.getByRole("alertdialog").getByRole("button", { name: "Mark completed" }).click();
  const card = c.getByTestId("column-completed").getByTestId("engagement-card").filter({ visible: true });
  await card.getByRole("button", { name: `Rate ${expertName}` }).click();
  await c.getByRole("dialog").getByRole("button", { name: "Save rating" }).click();
  await expect(c.getByRole("dialog").getByText("Choose a score for preparation from 1 to 5")).toBeVisible();
  await score(c, { Preparation: 4, Insight: 5, Communication: 2 });
  await c.getByLabel(/Private note/).fill("Joined late; good ideas though.");
  await c.getByRole("dialog").getByRole("button", { name: "Save rating" }).click();
  await expect(toast(c, `Thanks, your rating of ${expertName} is saved`)).toBeVisible();
  await expect(card.getByTestId("my-rating")).toContainText("Communication2/5");

  // ── The expert rates the client from the dashboard, then sees the client's scores, never the note.
  const e = await signedIn(browser, expert.email, expert.password);
  await e.goto("/dashboard?tab=opportunities");
  const session = e.getByTestId("completed-session").filter({ hasText: study.title });
  await session.getByRole("button", { name: `Rate the client ${client.organization}` }).click();
  await score(e, { Clarity: 5, "Respect of time": 4, "Payment speed": 3 });
  await e.getByRole("dialog").getByRole("button", { name: "Save rating" }).click();
  await expect(session.getByTestId("their-rating")).toContainText("Preparation4/5");
  await expect(e.getByText("Joined late")).toHaveCount(0);

  // ── The client sees the expert's rating and what they owe; the month's statement downloads.
  await c.reload();
  await expect(card.getByTestId("their-rating")).toContainText("Clarity5/5");
  await c.goto("/client/billing");
  await expect(c.getByTestId("amount-owed").filter({ visible: true })).toHaveText("$125.00");
  await expect(c.getByTestId("billing-projects").filter({ visible: true })).toContainText(study.title);
  const month = new Date().toISOString().slice(0, 7);
  const csv = await c.request.get(`/api/client/statements/${month}`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(`${study.title},${expertName},session,125.00`);

  // ── Quality review closes (this earning's window moved into the past, then the demo clock's
  // money job runs now). The month is still running: nothing offers to mark it paid yet.
  const db = await e2eDb();
  await db.query("UPDATE earnings SET qc_ends_at = now() - interval '1 minute' WHERE engagement_id = $1", [engagementId]);
  const a = await signedIn(browser, DEMO.admin, DEMO.password);
  expect((await a.request.post("/api/admin-test-clock", { data: { at: new Date().toISOString() } })).ok()).toBe(true);
  await a.goto("/admin/billing");
  const row = a.getByTestId("receivable").filter({ visible: true }).filter({ hasText: client.email });
  await expect(row.getByTestId("statement-open")).toHaveText("Month not over");
  await expect(row.getByRole("button", { name: /Mark .* statement paid/ })).toHaveCount(0);
  await c.reload();
  await expect(c.getByTestId("statements").filter({ visible: true })).toContainText("Month in progress");

  // ── Once its month is over (the earning moved into last month, UTC), an admin marks the
  // statement paid; the client then owes nothing.
  const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15, 12));
  await db.query("UPDATE earnings SET earned_at = $2 WHERE engagement_id = $1", [engagementId, lastMonth]).finally(() => db.end());
  const closed = lastMonth.toISOString().slice(0, 7);
  await a.reload();
  await expect(row.getByTestId("statement-open")).toHaveCount(0);
  await row.getByRole("button", { name: /Mark .* statement paid/ }).click();
  await a.getByLabel("Payment reference").fill("ACH-E2E-1");
  await a.getByRole("dialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(toast(a, `Statement ${closed} marked paid`)).toBeVisible();
  await expect(row).toHaveCount(0);
  // The low score (communication 2) is on the admin's list, with the client's private note.
  await a.goto("/admin/ratings");
  await expect(a.getByTestId("low-rating").filter({ visible: true }).filter({ hasText: study.title })).toContainText(
    "Joined late; good ideas though.",
  );
  await c.reload();
  await expect(c.getByTestId("amount-owed").filter({ visible: true })).toHaveText("$0.00");
  await expect(c.getByTestId("statements").filter({ visible: true })).toContainText("Reference ACH-E2E-1");
});
