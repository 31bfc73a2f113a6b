import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, createAccount, signInAs, withDb } from "./helpers";
import { createInviteEngagement, createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// Lists that come a page at a time by keyset: the admin's reported messages and district
// imports, and a column of the client's pipeline. Each spec's rows are its own: the admin's
// lists are shared by specs running in parallel, so its rows are dated long ago and sit at the
// end of their newest-first list, where the walk to the last page finds them.
test.describe.configure({ timeout: 180_000 });

const LONG_AGO = "2001-01-01T00:00:00Z";

/** Follows a list's "older" link until there is none; the number of pages seen. */
async function walkToLastPage(page: Page, pages: Locator, older: string, param: string) {
  let seen = 1;
  while ((await pages.getByRole("link", { name: older }).count()) > 0) {
    await pages.getByRole("link", { name: older }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]${param}=`));
    seen++;
    expect(seen).toBeLessThan(50);
  }
  return seen;
}

test("the admin walks the reported messages a page at a time; the flagged list stays where it was", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  // One more than a page of reports, the oldest first.
  await withDb(async (db) => {
    await db.query(
      `WITH m AS (
         INSERT INTO engagement_messages (id, engagement_id, sender_user_id, sender_side, body, created_at)
         SELECT gen_random_uuid(), $1, $2, 'expert', 'Pagingreport ' || $3 || ' number ' || g, $4::timestamptz + g * interval '1 minute'
         FROM generate_series(0, 25) g RETURNING id, body, created_at)
       INSERT INTO message_reports (id, message_id, reporter_user_id, reason, created_at)
       SELECT gen_random_uuid(), m.id, $5, 'Spam', m.created_at FROM m`,
      [engagementId, expert.userId, tag, LONG_AGO, client.userId],
    );
  });
  await signInAs(page, DEMO.admin);
  await page.goto("/admin/messages?flaggedAfter=kept");
  const reports = page.getByTestId("reported-messages").filter({ visible: true }).getByRole("listitem");
  await expect(reports).toHaveCount(25);

  const pages = page.getByRole("navigation", { name: "Pages of reports" }).filter({ visible: true });
  const seen = await walkToLastPage(page, pages, "Older reports", "reportedAfter");
  expect(seen).toBeGreaterThan(1);
  // The other list's place is kept in the address while this one pages.
  await expect(page).toHaveURL(/[?&]flaggedAfter=kept/);
  await expect(reports.filter({ hasText: `Pagingreport ${tag} number 0` })).toHaveCount(1);

  await pages.getByRole("link", { name: "Newer reports" }).click();
  await expect(page).toHaveURL(/[?&]reportedBefore=/);
  await expect(reports).toHaveCount(25);
  await expect(reports.filter({ hasText: `Pagingreport ${tag} number 0` })).toHaveCount(0);

  // A hand-edited token is the first page, not an error.
  const res = await page.goto("/admin/messages?reportedAfter=not-a-token");
  expect(res?.status()).toBe(200);
  await expect(reports).toHaveCount(25);
});

test("the admin walks the district imports a page at a time", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await withDb((db) =>
    db.query(
      `INSERT INTO district_imports (id, files, created_at, finished_at)
       SELECT gen_random_uuid(), jsonb_build_array(jsonb_build_object('file', 'paging-' || $1 || '-' || g || '.csv')),
         $2::timestamptz + g * interval '1 minute', $2::timestamptz + g * interval '1 minute'
       FROM generate_series(0, 25) g`,
      [tag, LONG_AGO],
    ),
  );
  await signInAs(page, DEMO.admin);
  await page.goto("/admin/districts");
  const runs = page.getByTestId("district-import").filter({ visible: true });
  await expect(runs).toHaveCount(25);
  const pages = page.getByRole("navigation", { name: "Pages of imports" }).filter({ visible: true });
  await walkToLastPage(page, pages, "Older imports", "after");
  await expect(runs.filter({ hasText: `paging-${tag}-0.csv` })).toHaveCount(1);
  await pages.getByRole("link", { name: "Newer imports" }).click();
  await expect(page).toHaveURL(/[?&]before=/);
  await expect(runs).toHaveCount(25);
});

test("a pipeline column of more than fifty applicants pages on its own, its count the whole column", async ({ page }) => {
  const client = await newClient();
  const study = await createStudy(client, { title: `Paged pipeline ${randomBytes(3).toString("hex")}` });
  const experts: { userId: string }[] = [];
  for (let i = 0; i < 52; i++) experts.push(await createAccount("expert"));
  await withDb((db) =>
    db.query(
      `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, created_at, updated_at)
       SELECT gen_random_uuid(), p.id, e.id, $2, p.organization_id, 'application', 'applied', p.compensation_cents, now() - (52 - u.i) * interval '1 minute', now()
       FROM projects p, unnest($3::uuid[]) WITH ORDINALITY AS u(user_id, i) JOIN experts e ON e.user_id = u.user_id
       WHERE p.id = $1`,
      [study.projectId, client.userId, experts.map((e) => e.userId)],
    ),
  );
  await signInAs(page, client.email, client.password);
  await page.goto(`/client/projects/${study.projectId}`);
  const column = page.getByTestId("column-applied").filter({ visible: true });
  await expect(column.getByRole("heading", { level: 3 })).toContainText("52");
  const cards = column.getByTestId("engagement-card");
  await expect(cards).toHaveCount(50);
  const pages = column.getByRole("navigation", { name: /^Pages of / });
  await expect(pages.getByRole("link", { name: "Earlier" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Later" }).click();
  await expect(page).toHaveURL(/[?&]appliedAfter=/);
  await expect(column.getByRole("heading", { level: 3 })).toContainText("52");
  await expect(cards).toHaveCount(2);
  await expect(pages.getByRole("link", { name: "Later" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Earlier" }).click();
  await expect(page).toHaveURL(/[?&]appliedBefore=/);
  await expect(cards).toHaveCount(50);
  await expect(pages.getByRole("link", { name: "Later" })).toHaveCount(1);
});
