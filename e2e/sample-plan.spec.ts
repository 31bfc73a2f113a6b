import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAs, withDb } from "./helpers";
import { createStudy, newClient, newVerifiedExpert, openListOf } from "./support/engagements";

// A sample plan filling and closing a cell: the client plans one teacher, a teacher applies and
// is accepted so the cell is full, the next teacher's application is waitlisted (both sides read
// it), and the closed project's weighted CSV carries an opaque id and a weight, never a name.

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const opportunity = (page: Page, title: string) =>
  page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const pipelineCard = (page: Page, state: string, name: string) =>
  page.getByTestId(`column-${state}`).getByTestId("engagement-card").filter({ hasText: name, visible: true });

async function teacher(first: string, last: string) {
  const expert = await newVerifiedExpert();
  await withDb(async (db) => {
    await db.query("UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1", [expert.userId, first, last]);
    await db.query("UPDATE experts SET role_title = 'Teacher', research_types = '{video_interviews}' WHERE id = $1", [expert.expertId]);
  });
  return { ...expert, name: `${first} ${last}` };
}

async function applyAs(browser: Browser, who: { email: string; password: string }, title: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, who.email, who.password);
  await page.goto(openListOf(title));
  await opportunity(page, title).getByRole("button", { name: "Apply" }).click();
  const dialog = page.getByRole("dialog", { name: `Apply to ${title}` });
  await dialog.getByLabel(/outside-activity policy/).check();
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(dialog).toBeHidden();
  return { page, close: () => context.close() };
}

test("a client's sample plan fills a cell, waitlists the next application in it, and exports weights without identities", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const clientAccount = await newClient();
  const study = await createStudy(clientAccount);
  const [first, second] = [await teacher("Tara", "Firstteacher"), await teacher("Theo", "Secondteacher")];

  // ── The client plans one teacher.
  await signInAs(page, clientAccount.email, clientAccount.password);
  await page.goto(`/client/projects/${study.projectId}`);
  const plan = page.getByTestId("sample-plan");
  await expect(plan).toContainText("No sample plan");
  // The plan sits below the pipeline, its form folded until asked for.
  await expect(plan.getByLabel("Dimension 1")).toBeHidden();
  await plan.getByText("Add a sample plan").click();
  await plan.getByLabel("Dimension 1").selectOption("role");
  await plan.getByLabel("Teacher", { exact: true }).fill("1");
  await plan.getByRole("button", { name: "Save sample plan" }).click();
  await expect(toast(page, "Sample plan saved")).toBeVisible();
  const cell = plan.locator('[data-cell="role=teacher"]');
  await expect(cell).toContainText("Open: 1 wanted");
  await expect(plan.getByRole("link", { name: "Find experts for the open cells" })).toHaveAttribute(
    "href",
    `/client/experts?recruitingFor=${study.projectId}`,
  );

  // ── The first teacher applies and is accepted: the cell is full.
  const a = await applyAs(browser, first, study.title);
  await page.reload();
  await pipelineCard(page, "applied", first.name)
    .getByRole("button", { name: `Accept ${first.name}` })
    .click();
  await expect(toast(page, "Accepted")).toBeVisible();
  await expect(cell).toContainText("Full");
  await expect(plan).toContainText("Every cell is full.");
  await expect(plan.getByRole("link", { name: "Find experts for the open cells" })).toHaveCount(0);

  // ── The second teacher's application lands in the full cell: waitlisted, not refused.
  const b = await applyAs(browser, second, study.title);
  await page.reload();
  const waiting = pipelineCard(page, "applied", second.name);
  await expect(waiting.getByTestId("engagement-state")).toHaveText("Waitlisted: sample cell full");
  await expect(cell).toContainText("Full");
  await expect(cell.locator("td").nth(3)).toHaveText("1");
  await waiting.getByRole("button", { name: `Accept ${second.name}` }).click();
  await expect(toast(page, "That did not work")).toContainText("cell for this expert is full");
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).exclude("[data-sonner-toaster]").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // The expert's own history says so too.
  const reason = await withDb(
    async (db) =>
      (
        await db.query<{ reason: string }>(
          "SELECT ev.reason FROM engagement_events ev JOIN engagements e ON e.id = ev.engagement_id WHERE e.expert_id = $1",
          [second.expertId],
        )
      ).rows[0].reason,
  );
  expect(reason).toMatch(/^Waitlisted:/);
  await Promise.all([a.close(), b.close()]);

  // ── The session happens and the project closes: the weighted sample downloads.
  await withDb(async (db) => {
    await db.query("UPDATE engagements SET state = 'completed', completed_at = now() WHERE project_id = $1 AND expert_id = $2", [
      study.projectId,
      first.expertId,
    ]);
    await db.query("UPDATE projects SET status = 'closed', closed_at = now() WHERE id = $1", [study.projectId]);
  });
  await page.reload();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    plan.getByRole("link", { name: /Download weighted sample/ }).click(),
  ]);
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const [header, ...rows] = csv.trim().split("\r\n");
  expect(header).toBe("engagement_ref,cell,role,population_share,sample_share,weight,weight_method,consent");
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(/^[0-9a-f]{16},Teacher,teacher,1,1,1,post-stratification,$/);
  for (const secret of [first.name, first.email, first.expertId, "Firstteacher"]) expect(csv).not.toContain(secret);
});

test("recruiting for a plan lists the experts in its open cells first, and the invite dialog says where an expert lands", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const clientAccount = await newClient();
  const study = await createStudy(clientAccount);
  // A Wyoming teacher whose school e-mail named a Wyoming district, then a newer teacher with none.
  const wyoming = await teacher("Wren", "Wyomingteacher");
  const leaid = `56${String(Math.floor(Math.random() * 100_000)).padStart(5, "0")}`;
  await withDb(async (db) => {
    await db.query(
      `INSERT INTO districts (leaid, name, state, status, locale_group, updated_at) VALUES ($1, 'Sample Wyoming district', 'WY', 'open', 'rural', now())
       ON CONFLICT (leaid) DO UPDATE SET state = 'WY'`,
      [leaid],
    );
    await db.query("UPDATE experts SET district_leaid = $2, is_public_profile = true WHERE id = $1", [wyoming.expertId, leaid]);
  });
  const newer = await teacher("Otto", "Newerteacher");
  await withDb((db) => db.query("UPDATE experts SET is_public_profile = true WHERE id = $1", [newer.expertId]));

  await signInAs(page, clientAccount.email, clientAccount.password);
  await page.goto(`/client/projects/${study.projectId}`);
  const plan = page.getByTestId("sample-plan");
  await plan.getByText("Add a sample plan").click();
  await plan.getByLabel("Dimension 1").selectOption("state");
  await plan.getByLabel("Wyoming", { exact: true }).fill("2");
  await plan.getByRole("button", { name: "Save sample plan" }).click();
  await expect(toast(page, "Sample plan saved")).toBeVisible();

  // Newest first, the newer teacher is ahead; recruiting for the plan puts the Wyoming teacher first.
  await page.goto("/client/experts");
  // The router may keep the previous render hidden beside the new one: read only what is shown.
  const cards = page.getByTestId("expert-card").filter({ visible: true });
  await expect(cards.first()).not.toContainText(wyoming.name);
  await page.getByRole("search", { name: "Filter experts" }).getByLabel("Recruiting for").selectOption({ label: study.title });
  await expect(page).toHaveURL(new RegExp(`recruitingFor=${study.projectId}`));
  await expect(page.getByTestId("recruiting-note").filter({ visible: true })).toHaveText(
    `Recruiting for ${study.title}: experts in its 1 open cell (of 51) come first.`,
  );
  const first = cards.first();
  await expect(first).toContainText(wyoming.name);
  await expect(first.getByTestId("plan-place")).toHaveText("Open cell · Wyoming");
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // On a phone the note and the cell's words wrap: nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(first.getByTestId("plan-place")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The invite dialog offers the project with the open cell, and says so before anything is sent.
  await first.getByRole("button", { name: "Invite" }).click();
  const dialog = page.getByRole("dialog", { name: `Invite ${wyoming.name}` });
  await expect(dialog.getByTestId("invite-plan-note")).toHaveText(
    `${wyoming.name} is in an open cell of this project's sample plan (Wyoming).`,
  );
  await expect(dialog.getByLabel("Project")).toHaveValue(study.projectId);
  await expect(dialog.getByLabel("Project").locator("option:checked")).toHaveText(`${study.title} (open cell)`);
});

test("a survey's page leads with its pipeline, and a plan bigger than its quota is built as a table, set in one go and warned of", async ({
  page,
}) => {
  const clientAccount = await newClient();
  const study = await createStudy(clientAccount);
  // The study becomes a survey capped at 3 responses.
  await withDb(async (db) => {
    await db.query(
      "UPDATE projects SET project_type = 'survey', quota = 3, survey_url = 'https://surveys.k12-e2e.test/s?pid={{participant_id}}' WHERE id = $1",
      [study.projectId],
    );
    await db.query("UPDATE opportunities SET opportunity_type = 'survey' WHERE project_id = $1", [study.projectId]);
  });
  await signInAs(page, clientAccount.email, clientAccount.password);
  await page.goto(`/client/projects/${study.projectId}`);
  await expect(page.getByTestId("project-quota").filter({ visible: true })).toHaveText("0 of 3 responses");
  const top = async (testId: string) => (await page.getByTestId(testId).first().boundingBox())!.y;
  expect(await top("pipeline")).toBeLessThan(await top("survey-setup"));
  expect(await top("survey-setup")).toBeLessThan(await top("sample-plan"));

  const plan = page.getByTestId("sample-plan");
  await plan.getByText("Add a sample plan").click();
  await plan.getByLabel("Dimension 1").selectOption("locale_group");
  await plan.getByLabel("Dimension 2 (optional)").selectOption("role");
  // Two dimensions read as a table: roles down the side, locales across the top.
  const table = plan.getByRole("table", { name: "Target per cell: Role by Locale" });
  await expect(table.getByRole("columnheader", { name: "City" })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "Teacher" })).toBeVisible();
  // One number for every cell: 20 places on a survey that stops at 3.
  await plan.getByLabel("Same target for every cell").fill("1");
  await plan.getByRole("button", { name: "Set all 20 cells" }).click();
  await expect(table.getByLabel("City · Teacher")).toHaveValue("1");
  await expect(plan.getByTestId("sample-plan-total")).toContainText("Targets add up to 20 · the survey takes 3");
  const warning = "17 places can never fill: the plan wants 20 and the survey stops at 3 responses.";
  await expect(plan.getByTestId("sample-plan-shortfall")).toContainText(warning);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).exclude("[data-sonner-toaster]").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // On a phone the table scrolls inside its own box: the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByLabel("City · Teacher")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1366, height: 768 });

  // Saved, with the warning; the grid keeps it above its fold.
  await plan.getByRole("button", { name: "Save sample plan" }).click();
  await expect(toast(page, "Sample plan saved")).toBeVisible();
  await expect(toast(page, "Some places can never fill")).toContainText(warning);
  await expect(plan.getByTestId("sample-plan-shortfall").filter({ visible: true })).toContainText(warning);
  await expect(plan).toContainText("Target counts, 20 in all");
  await expect(plan.getByTestId("sample-cell").first()).toBeHidden();

  // The client's dashboard and project list count and pay in responses too.
  await page.goto("/client/dashboard");
  await expect(page.getByTestId("recent-projects").getByRole("listitem").filter({ hasText: study.title })).toContainText(
    "0 of 3 responses",
  );
  await page.goto("/client/projects");
  const listed = page.getByTestId("project-card").filter({ visible: true }).filter({ hasText: study.title });
  await expect(listed).toContainText("0 of 3 responses");
  await expect(listed).toContainText("$125.00 per response");
});
