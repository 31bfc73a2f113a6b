import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, signInAs, withDb } from "./helpers";
import { fromWallClock } from "../lib/platform/zoned-time";

// The client's side of engagements: a project with a screener made in the dialog,
// applicants with their answers in the pipeline, accept, propose times with the school-hours
// warning, decline with a confirmation, the session on the calendar in the client's zone, and
// closing the project. The client works in Chicago; the experts keep New York school hours
// (07:30-15:30, Monday to Friday), so 9:30 AM in Chicago is 10:30 AM at their school.

test.use({ timezoneId: "America/Chicago" });

const CLIENT_ZONE = "America/Chicago";
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** A Tuesday at least a week ahead, "YYYY-MM-DD". */
function nextTuesday() {
  const d = new Date(Date.now() + 8 * 86_400_000);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** An expert of this spec's own, named, verified and public, in New York with default school hours. */
async function newExpert(first: string, last: string) {
  const account = await createAccount("expert");
  return withDb(async (db) => {
    await db.query("UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1", [account.userId, first, last]);
    const { rows } = await db.query<{ id: string }>(
      "UPDATE experts SET verification_status = 'verified', is_public_profile = true, time_zone = 'America/New_York' WHERE user_id = $1 RETURNING id",
      [account.userId],
    );
    return { expertId: rows[0].id, name: `${first} ${last}` };
  });
}

/** An application as the service stores it, with the screener answers given. */
async function apply(
  projectId: string,
  expertId: string,
  answers: Record<string, string[]>,
  state: "applied" | "screened_out" = "applied",
) {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, screener_id, screener_answers, incentive_cents, updated_at)
       SELECT gen_random_uuid(), p.id, $2, p.client_user_id, p.organization_id, 'application', $4, p.screener_id, $3::jsonb, p.compensation_cents, now() FROM projects p WHERE p.id = $1
       RETURNING id`,
      [projectId, expertId, JSON.stringify(answers), state],
    );
    await db.query(
      "INSERT INTO engagement_events (id, engagement_id, actor_side, kind, to_state) VALUES (gen_random_uuid(), $1, 'expert', $2, $3)",
      [rows[0].id, state, state],
    );
    return rows[0].id;
  });
}

const column = (page: Page, state: string) => page.getByTestId(`column-${state}`).filter({ visible: true });
const card = (page: Page, name: string) => page.getByTestId("engagement-card").filter({ has: page.getByRole("heading", { name }) });

test("a project with a screener, its applicants, times, a decline, the calendar and closing", async ({ page }) => {
  test.setTimeout(240_000);
  const client = await createAccount("client");
  await withDb((db) => db.query("UPDATE client_profiles SET time_zone = $2 WHERE user_id = $1", [client.userId, CLIENT_ZONE]));
  const [alice, bob, carl, dana] = await Promise.all([
    newExpert("Alice", "Applicant"),
    newExpert("Bob", "Bystander"),
    newExpert("Carl", "Screened"),
    newExpert("Dana", "Waiting"),
  ]);
  await signInAs(page, client.email, client.password);

  // Create Project with a screener: a question without text is refused and focused first.
  await page.goto("/client/projects");
  await page.getByRole("button", { name: "Create Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  const title = `Grade-band study ${Date.now()}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Thirty-minute interviews about reading intervention schedules.");
  await dialog.getByLabel("Type", { exact: true }).selectOption("interview");
  await dialog.getByLabel("Incentive per session ($)").fill("85");
  await dialog.getByLabel("Session length (minutes)").fill("45");
  await dialog.getByLabel("Sessions wanted").fill("3");
  await expect(dialog.getByText("A goal, not a limit: you may accept more experts than this.")).toBeVisible();
  await dialog.getByLabel("Deadline").fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  // The browser's zone (Chicago) is one of the offered US zones, so it is the default.
  await expect(dialog.getByLabel("Time zone")).toHaveValue(CLIENT_ZONE);
  await dialog.getByLabel(/This is research, not a sales contact/).check();
  await dialog.getByLabel("Screen applicants with questions (optional)").check();
  await dialog.getByLabel("Question 1, option 1", { exact: true }).fill("K-5");
  await dialog.getByLabel("Question 1, option 2", { exact: true }).fill("6-12");
  await dialog.getByLabel("Question 1, option 2 effect").selectOption("disqualify");
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(dialog.getByText("Every question needs at least 3 characters")).toBeVisible();
  await expect(dialog.getByLabel("Question 1 text")).toBeFocused();
  await dialog.getByLabel("Question 1 text").fill("Which grades do you serve?");
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByText("Project Created")).toBeVisible();

  // The new project opens at once; its list card says the same.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("project-quota").filter({ visible: true })).toContainText("0 of 3 sessions");
  const projectUrl = page.url();
  await page.goto("/client/projects");
  const listCard = page.getByTestId("project-card").filter({ visible: true }).filter({ hasText: title });
  await expect(listCard).toContainText("0 of 3 sessions");
  await expect(listCard).toContainText("$85.00 per session");
  await listCard.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(page.url()).toBe(projectUrl);
  const projectId = /\/client\/projects\/([0-9a-f-]{36})$/.exec(page.url())![1];

  // The screener was stored with generated ids; applicants answer by them.
  const questions = await withDb(
    async (db) =>
      (
        await db.query<{ questions: { id: string; options: { id: string; label: string; effect: string }[] }[] }>(
          "SELECT s.questions FROM projects p JOIN screeners s ON s.id = p.screener_id WHERE p.id = $1",
          [projectId],
        )
      ).rows[0].questions,
  );
  expect(questions).toEqual([
    expect.objectContaining({
      id: "q1",
      options: [
        expect.objectContaining({ id: "q1o1", label: "K-5", effect: "qualify" }),
        expect.objectContaining({ id: "q1o2", label: "6-12", effect: "disqualify" }),
      ],
    }),
  ]);
  const aliceId = await apply(projectId, alice.expertId, { q1: ["q1o1"] });
  await apply(projectId, bob.expertId, { q1: ["q1o1"] });
  await apply(projectId, carl.expertId, { q1: ["q1o2"] }, "screened_out");
  await page.reload();

  // Applicants with their answers; the screened-out one apart, collapsed.
  await expect(column(page, "applied").getByRole("heading", { level: 3 })).toContainText("2");
  const aliceCard = card(page, alice.name);
  await expect(aliceCard).toContainText("Which grades do you serve?");
  await expect(aliceCard).toContainText("K-5");
  await expect(aliceCard.getByRole("link", { name: alice.name })).toHaveAttribute("href", `/experts/${alice.expertId}`);
  const screened = column(page, "screened_out");
  await expect(screened).toContainText("Screened out (1)");
  await expect(card(page, carl.name)).toBeHidden();
  await screened.getByText("Screened out (1)").click();
  await expect(card(page, carl.name)).toContainText("6-12");

  // Accept: the quota counts it.
  await aliceCard.getByRole("button", { name: `Accept ${alice.name}` }).click();
  await expect(page.getByText(`${alice.name} accepted`)).toBeVisible();
  await expect(card(page, alice.name)).toHaveCount(1);
  await expect(column(page, "accepted").getByTestId("engagement-card")).toHaveCount(1);
  await expect(page.getByTestId("project-quota").filter({ visible: true })).toContainText("1 of 3 sessions");

  // Propose two times: 9:30 AM in Chicago is during the expert's school day in New York; 5 PM is not.
  const day = nextTuesday();
  const accepted = card(page, alice.name);
  const form = accepted.getByRole("form", { name: `Propose times to ${alice.name}` });
  await expect(form).toContainText("Times are in Central time (America/Chicago)");
  await form.getByLabel("Time 1", { exact: true }).fill(`${day}T09:30`);
  await expect(form.getByTestId("school-hours-warning")).toHaveText("During school hours for this expert");
  await form.getByRole("button", { name: "Add another time" }).click();
  await form.getByLabel("Time 2", { exact: true }).fill(`${day}T17:00`);
  await form.getByRole("button", { name: "Propose times" }).click();
  await expect(page.getByText(`Times proposed to ${alice.name}`)).toBeVisible();
  await expect(form.getByTestId("school-hours-warning")).toHaveCount(0);
  const proposals = await withDb(async (db) =>
    (
      await db.query<{ starts_at: Date }>("SELECT starts_at FROM time_proposals WHERE engagement_id = $1 ORDER BY starts_at", [aliceId])
    ).rows.map((r) => r.starts_at.toISOString()),
  );
  const morning = fromWallClock(`${day}T09:30`, CLIENT_ZONE)!;
  const evening = fromWallClock(`${day}T17:00`, CLIENT_ZONE)!;
  expect(proposals).toEqual([morning.toISOString(), evening.toISOString()]);
  await expect(card(page, alice.name)).toContainText("Proposed times");
  await expect(card(page, alice.name).getByText("During school hours for this expert")).toHaveCount(1);

  const axe = await new AxeBuilder({ page }).withTags(TAGS).exclude("[data-sonner-toaster]").analyze();
  expect(
    axe.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
    ),
  ).toEqual([]);

  // Decline Bob with a confirmation and a reason: he moves under Declined.
  await card(page, bob.name)
    .getByRole("button", { name: `Decline ${bob.name}` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: `Decline ${bob.name}?` });
  await confirm.getByLabel(/Reason/).fill("We have enough middle-school voices.");
  await confirm.getByRole("button", { name: "Decline" }).click();
  await expect(column(page, "declined").getByTestId("engagement-card").filter({ hasText: bob.name, visible: true })).toBeVisible();
  await expect(column(page, "applied").getByTestId("engagement-card")).toHaveCount(0);

  // The expert picks the 5 PM proposal (their dashboard's step, done here in the database).
  await withDb(async (db) => {
    await db.query("UPDATE engagements SET state = 'scheduled', updated_at = now() WHERE id = $1", [aliceId]);
    await db.query(
      "INSERT INTO engagement_sessions (id, engagement_id, starts_at, ends_at, updated_at) VALUES (gen_random_uuid(), $1, $2, $3, now())",
      [aliceId, evening, new Date(evening.getTime() + 45 * 60_000)],
    );
    await db.query("DELETE FROM time_proposals WHERE engagement_id = $1", [aliceId]);
    await db.query(
      "INSERT INTO engagement_events (id, engagement_id, actor_side, kind, from_state, to_state) VALUES (gen_random_uuid(), $1, 'expert', 'scheduled', 'accepted', 'scheduled')",
      [aliceId],
    );
  });
  await page.reload();
  const scheduled = column(page, "scheduled").getByTestId("engagement-card").filter({ hasText: alice.name, visible: true });
  await expect(scheduled).toContainText("5:00 PM C");
  await expect(scheduled.getByRole("link", { name: "Add to calendar (.ics)" })).toHaveAttribute(
    "href",
    `/api/engagements/${aliceId}/calendar`,
  );
  await scheduled.getByLabel("Meeting link").fill("http://insecure.example.org");
  await scheduled.getByRole("button", { name: "Save link" }).click();
  await expect(scheduled.getByText("Enter an https:// meeting link")).toBeVisible();
  await scheduled.getByLabel("Meeting link").fill("https://meet.example.org/grade-band");
  await scheduled.getByRole("button", { name: "Save link" }).click();
  await expect(page.getByText("Meeting link saved")).toBeVisible();

  // The calendar: the session on its day, at its time in the client's zone, named.
  await page.goto("/client/calendar");
  // Visible ones only: while a refreshed page reveals itself React briefly holds a hidden copy.
  await expect(page.getByText("Times are shown in Central time (America/Chicago).").filter({ visible: true })).toBeVisible();
  const heading = new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
  const session = page.getByRole("list", { name: heading }).getByTestId("calendar-session").filter({ visible: true });
  await expect(session).toHaveCount(1);
  await expect(session).toContainText(/5:00 PM C[SD]T/);
  await expect(session).toContainText(title);
  await expect(session).toContainText(alice.name);
  await expect(session.getByRole("link", { name: /Meeting link/ })).toHaveAttribute("href", "https://meet.example.org/grade-band");
  await expect(session.getByRole("link", { name: /Add to calendar/ })).toHaveAttribute("href", `/api/engagements/${aliceId}/calendar`);

  // Close the project with the confirmation: a waiting application is declined by the system.
  await apply(projectId, dana.expertId, { q1: ["q1o1"] });
  await page.goto(`/client/projects/${projectId}`);
  await page.getByRole("button", { name: "Close", exact: true }).click();
  const closeDialog = page.getByRole("alertdialog", { name: "Close this project?" });
  await expect(closeDialog).toContainText("cannot be undone");
  await closeDialog.getByRole("button", { name: "Close project" }).click();
  await expect(page.getByTestId("project-status").filter({ visible: true })).toHaveText("Closed");
  await expect(page.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(column(page, "declined").getByTestId("engagement-card").filter({ hasText: dana.name, visible: true })).toBeVisible();
  await expect(column(page, "scheduled").getByTestId("engagement-card").filter({ hasText: alice.name, visible: true })).toBeVisible();
});

test("another client's project is not found; the pipeline fits a 375 px screen", async ({ page }) => {
  const owner = await createAccount("client");
  const other = await createAccount("client");
  const projectId = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO projects (id, organization_id, client_user_id, title, description, deadline, quota, updated_at)
       VALUES (gen_random_uuid(), (SELECT organization_id FROM organization_members WHERE user_id = $1), $1, 'Private pipeline', 'Only its owner may see it.', now() + interval '20 days', 2, now()) RETURNING id`,
      [owner.userId],
    );
    return rows[0].id;
  });
  await signInAs(page, other.email, other.password);
  const refused = await page.goto(`/client/projects/${projectId}`);
  expect(refused?.status()).toBe(404);
  await expect(page.getByText("Private pipeline")).toHaveCount(0);

  await signInAs(page, owner.email, owner.password);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/client/projects/${projectId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Private pipeline" })).toBeVisible();
  await expect(page.getByTestId("project-quota").filter({ visible: true })).toHaveText("0 of 2 sessions");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // Keyboard: the Close confirmation opens from the keyboard and Escape leaves the project open.
  await page.getByRole("button", { name: "Close", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog", { name: "Close this project?" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("project-status").filter({ visible: true })).toHaveText("Open");
});

test("a new time the expert proposed, and a time the expert set under 24 hours ahead: the client answers at 390 px, by keyboard", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const client = await createAccount("client");
  await withDb((db) => db.query("UPDATE client_profiles SET time_zone = $2 WHERE user_id = $1", [client.userId, CLIENT_ZONE]));
  const [erin, finn] = await Promise.all([newExpert("Erin", "Proposer"), newExpert("Finn", "Shortnotice")]);
  const day = nextTuesday();
  const current = fromWallClock(`${day}T16:00`, CLIENT_ZONE)!;
  const proposed = fromWallClock(`${day}T17:30`, CLIENT_ZONE)!;
  const soon = new Date(Math.ceil((Date.now() + 5 * 3_600_000) / 3_600_000) * 3_600_000);
  const projectId = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO projects (id, organization_id, client_user_id, title, description, deadline, quota, updated_at)
       VALUES (gen_random_uuid(), (SELECT organization_id FROM organization_members WHERE user_id = $1), $1, 'Scheduling answers', 'Two sessions waiting for the client.', now() + interval '20 days', 2, now()) RETURNING id`,
      [client.userId],
    );
    return rows[0].id;
  });
  // Erin's session is agreed, with her proposed new time waiting; Finn's was set by him alone, five hours ahead.
  const [erinId, finnId] = await Promise.all([apply(projectId, erin.expertId, {}), apply(projectId, finn.expertId, {})]);
  await withDb(async (db) => {
    await db.query("UPDATE engagements SET state = 'scheduled' WHERE id = ANY($1::uuid[])", [[erinId, finnId]]);
    await db.query(
      `INSERT INTO engagement_sessions (id, engagement_id, starts_at, ends_at, proposed_starts_at, proposed_by, proposed_reason, proposed_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $2::timestamptz + interval '45 minutes', $3, 'expert', 'A staff meeting moved.', now(), now())`,
      [erinId, current, proposed],
    );
    await db.query(
      "INSERT INTO engagement_sessions (id, engagement_id, starts_at, ends_at, agreed_at, updated_at) VALUES (gen_random_uuid(), $1, $2, $2::timestamptz + interval '45 minutes', NULL, now())",
      [finnId, soon],
    );
  });

  await signInAs(page, client.email, client.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/client/projects/${projectId}`);
  const erinStatus = card(page, erin.name).filter({ visible: true }).getByTestId("session-time-status");
  await expect(erinStatus).toContainText(`New time proposed by ${erin.name}:`);
  await expect(erinStatus).toContainText(/5:30 PM C[SD]T/);
  await expect(erinStatus).toContainText("A staff meeting moved.");
  await expect(erinStatus).toContainText("Waiting for you: accept the new time or keep the current one.");
  const finnStatus = card(page, finn.name).filter({ visible: true }).getByTestId("session-time-status");
  await expect(finnStatus).toContainText(`${finn.name} picked this time less than 24 hours ahead.`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page }).withTags(TAGS).exclude("[data-sonner-toaster]").analyze();
  expect(
    axe.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
    ),
  ).toEqual([]);

  // A client cancel of Finn's unconfirmed time would be free: the dialog gives no late-cancel warning.
  await card(page, finn.name)
    .filter({ visible: true })
    .getByRole("button", { name: `Cancel the engagement with ${finn.name}` })
    .click();
  await expect(page.getByRole("alertdialog", { name: `Cancel with ${finn.name}?` })).not.toContainText("late cancel");
  await page.keyboard.press("Escape");

  // Keep Erin's current time, by keyboard, with a note.
  await erinStatus.getByRole("button", { name: "Keep current time" }).focus();
  await page.keyboard.press("Enter");
  const keep = page.getByRole("alertdialog", { name: "Keep the current time?" });
  await keep.getByLabel(/Note/).fill("That hour is taken for us.");
  await keep.getByRole("button", { name: "Keep current time" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Current Time Kept" })).toBeVisible();
  await expect(card(page, erin.name).filter({ visible: true }).getByTestId("session-time-status")).toHaveCount(0);
  const erinRow = await withDb(
    async (db) =>
      (await db.query("SELECT starts_at, proposed_starts_at FROM engagement_sessions WHERE engagement_id = $1", [erinId])).rows[0],
  );
  expect(erinRow).toEqual({ starts_at: current, proposed_starts_at: null });

  // Confirm Finn's time: it is then agreed.
  await finnStatus.getByRole("button", { name: "Confirm time" }).click();
  await page.getByRole("alertdialog", { name: "Confirm this time?" }).getByRole("button", { name: "Confirm time" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Time Confirmed" })).toBeVisible();
  await expect(card(page, finn.name).filter({ visible: true }).getByTestId("session-time-status")).toHaveCount(0);
  const agreed = await withDb(
    async (db) => (await db.query("SELECT agreed_at FROM engagement_sessions WHERE engagement_id = $1", [finnId])).rows[0].agreed_at,
  );
  expect(agreed).toBeInstanceOf(Date);
});

test("bulk accept at 390 px: three applicants chosen by keyboard, two accepted within the budget and one refused with the reason; the project's e-mail set to a daily digest", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const client = await createAccount("client");
  await withDb((db) => db.query("UPDATE client_profiles SET time_zone = $2 WHERE user_id = $1", [client.userId, CLIENT_ZONE]));
  const people = await Promise.all([newExpert("Ada", "Bulk"), newExpert("Ben", "Bulk"), newExpert("Cy", "Bulk")]);
  // $100 per session and a $200 budget: the third acceptance cannot be covered.
  const projectId = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO projects (id, organization_id, client_user_id, title, description, deadline, quota, compensation_cents, budget_cents, updated_at)
       VALUES (gen_random_uuid(), (SELECT organization_id FROM organization_members WHERE user_id = $1), $1, 'Bulk study', 'Three applicants at once.', now() + interval '20 days', 3, 10000, 20000, now()) RETURNING id`,
      [client.userId],
    );
    return rows[0].id;
  });
  for (const p of people) await apply(projectId, p.expertId, {});

  await signInAs(page, client.email, client.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/client/projects/${projectId}`);
  const bulk = page.getByTestId("bulk-accept").filter({ visible: true });
  await expect(bulk).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const accept = bulk.getByRole("button", { name: "Accept selected" });
  await expect(accept).toBeDisabled();
  // Keyboard: Space ticks "Select all", each applicant's box is named by the applicant.
  await bulk.getByRole("checkbox", { name: "Select all 3 applicants" }).focus();
  await page.keyboard.press("Space");
  for (const p of people) await expect(bulk.getByRole("checkbox", { name: p.name })).toBeChecked();
  await bulk.getByRole("checkbox", { name: people[2].name }).press("Space");
  await expect(bulk.getByRole("checkbox", { name: "Select all 3 applicants" })).toHaveAttribute("aria-checked", "mixed");
  await bulk.getByRole("checkbox", { name: people[2].name }).press("Space");
  await bulk.getByRole("button", { name: "Accept 3 selected" }).press("Enter");

  const report = bulk.getByTestId("bulk-accept-report");
  await expect(report.getByRole("listitem")).toHaveCount(3);
  await expect(report.getByRole("listitem").filter({ hasText: /: accepted$/ })).toHaveCount(2);
  await expect(report.getByRole("listitem").filter({ hasText: "not accepted" })).toContainText(/budget/i);
  await expect(column(page, "accepted").getByTestId("engagement-card")).toHaveCount(2);
  await expect(column(page, "applied").getByTestId("engagement-card")).toHaveCount(1);
  const states = await withDb(
    async (db) =>
      (await db.query<{ state: string }>("SELECT state::text FROM engagements WHERE project_id = $1 ORDER BY state", [projectId])).rows,
  );
  expect(states.map((r) => r.state)).toEqual(["accepted", "accepted", "applied"]);
  expect((await new AxeBuilder({ page }).withTags(TAGS).include("[data-testid=bulk-accept]").analyze()).violations).toEqual([]);

  // The e-mail setting: automatic by default, said so; a daily digest sent at midnight UTC, shown in Chicago time.
  await page.getByRole("button", { name: "E-mail: Automatic" }).click();
  const dialog = page.getByRole("dialog", { name: "E-mail about this project" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expect(dialog.getByRole("radio", { name: "Automatic (default)" })).toBeChecked();
  await expect(dialog).toContainText("until this project passes 10 applications, seats and responses in a day");
  await expect(dialog).toContainText(/shortly after 6:00 PM CST \(midnight UTC\)/);
  await expect(dialog.getByTestId("mail-setting-facts")).toContainText("No digest sent yet.");
  expect((await new AxeBuilder({ page }).withTags(TAGS).include("[role=dialog]").analyze()).violations).toEqual([]);
  await dialog.getByRole("radio", { name: "Daily digest" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "E-mail: Daily digest" })).toBeVisible();
  const mode = await withDb(
    async (db) =>
      (await db.query<{ mail_mode: string }>("SELECT mail_mode::text FROM projects WHERE id = $1", [projectId])).rows[0].mail_mode,
  );
  expect(mode).toBe("daily");
});
