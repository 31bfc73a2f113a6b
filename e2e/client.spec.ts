import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { DEMO, signInAs, confirmIn } from "./helpers";

// The client's search, shortlist, invites, projects and dashboard.

const seedId = (key: string) => {
  const h = createHash("sha1").update(`k12-demo:${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

async function e2eDb() {
  const state = JSON.parse(readFileSync(path.resolve(".data/e2e-pg.json"), "utf8")) as { password: string; port: number };
  const client = new pg.Client({
    connectionString: `postgresql://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}/k12_e2e`,
  });
  await client.connect();
  return client;
}

/** A fresh client of this spec's own (so the demo client's counts stay as seeded). */
async function newClient(page: Page) {
  const email = `client-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.org`;
  const db = await e2eDb();
  try {
    // Same password hash as the demo accounts.
    await db.query(
      `WITH u AS (
         INSERT INTO users (id, email, first_name, last_name, email_verified_at, updated_at) VALUES (gen_random_uuid(), $1, 'Casey', 'Client', now(), now()) RETURNING id)
       , p AS (INSERT INTO password_credentials (user_id, hash, updated_at) SELECT u.id, (SELECT hash FROM password_credentials pc JOIN users x ON x.id = pc.user_id WHERE x.email = $2), now() FROM u)
       , r AS (INSERT INTO user_roles (user_id, role) SELECT id, 'client' FROM u)
       , c AS (INSERT INTO client_profiles (user_id, organization, role_title) SELECT id, 'E2E Research', 'Researcher' FROM u)
       , o AS (INSERT INTO organizations (id, name, updated_at) VALUES (gen_random_uuid(), 'E2E Research', now()) RETURNING id)
       INSERT INTO organization_members (user_id, organization_id, role) SELECT u.id, o.id, 'owner' FROM u, o`,
      [email, DEMO.client],
    );
  } finally {
    await db.end();
  }
  await signInAs(page, email);
  return email;
}

const count = (page: Page, key: string) => page.getByTestId(`count-${key}`).getByTestId("count-value").filter({ visible: true });

test("dashboard: live counts, create project, shortlist → count, invite → stored for the expert", async ({ page }) => {
  await newClient(page);
  await page.goto("/client/dashboard");
  await expect(page.getByRole("heading", { name: "Client Dashboard" })).toBeVisible();
  await expect(page.getByText("client", { exact: true })).toBeVisible();
  for (const key of ["projects", "shortlists", "invites", "schedules", "exports"]) await expect(count(page, key)).toHaveText("0");
  await expect(page.getByText("No projects yet. Create one to start recruiting experts.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Search Profiles" })).toHaveAttribute("href", "/client/experts");

  // Create Project: validation first, then success.
  await page.getByRole("button", { name: "Create Project" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(dialog.getByText("Title must be at least 3 characters")).toBeVisible();
  const title = `E2E Study ${Date.now()}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Interviews about how schools schedule interventions.");
  await dialog.getByLabel("Type", { exact: true }).selectOption("interview");
  await dialog.getByLabel("Incentive per session ($)").fill("75");
  await dialog.getByLabel("Session length (minutes)").fill("20");
  await dialog.getByLabel("Deadline").fill(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
  await dialog.getByLabel(/This is research, not a sales contact/).check();
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByText("Project Created")).toBeVisible();
  // The new project opens at once, ready for invites.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/client\/projects\/[0-9a-f-]{36}$/);
  await page.goto("/client/dashboard");
  await expect(count(page, "projects")).toHaveText("1");

  // Search, shortlist twice (no duplicate), invite.
  await page.goto("/client/experts?q=Gonzalez");
  await page.goto("/client/experts?state=CA");
  await expect(page.getByRole("heading", { name: /experts? found/ })).toBeVisible();
  const card = page.getByTestId("expert-card").filter({ hasText: "Maria Gonzalez" });
  await card.getByRole("button", { name: /Shortlist Maria Gonzalez/ }).click();
  await expect(page.getByText("Shortlisted", { exact: true }).first()).toBeVisible();
  await card.getByRole("button", { name: "Invite" }).click();
  const invite = page.getByRole("dialog");
  await invite.getByLabel("Project").selectOption({ label: title });
  await invite.getByRole("button", { name: "Send Invite" }).click();
  await expect(page.getByText("Invite Sent")).toBeVisible();

  await page.goto("/client/dashboard");
  await expect(count(page, "shortlists")).toHaveText("1");
  await expect(count(page, "invites")).toHaveText("1");
  await expect(count(page, "exports")).toHaveText("1");

  // The invite is stored against the project for the demo expert (their Invited tab reads it),
  // and the project's opportunity is open.
  const db = await e2eDb();
  try {
    const rows = await db.query(
      `SELECT e.state AS status, o.status AS opp FROM engagements e JOIN projects p ON p.id = e.project_id JOIN opportunities o ON o.project_id = p.id WHERE p.title = $1 AND e.expert_id = $2`,
      [title, seedId("expert:demo-expert")],
    );
    expect(rows.rows).toEqual([{ status: "invited", opp: "open" }]);
  } finally {
    await db.end();
  }

  // Shortlist view, CSV export, removal.
  await page.goto("/client/shortlist");
  await expect(page.getByTestId("shortlist-row")).toHaveCount(1);
  const csv = await page.request.get("/client/shortlist/export");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain("Maria Gonzalez");
  expect(text).not.toContain("@example.com");
  await page.getByRole("button", { name: "Remove Maria Gonzalez from shortlist" }).click();
  await confirmIn(page, "Remove from Shortlist");
  await expect(page.getByText("Your shortlist is empty.")).toBeVisible();
});

test("client search: sliders and filters in the URL, Clear All Filters, axe clean", async ({ page }) => {
  await signInAs(page, DEMO.client);
  await page.goto("/client/experts?minPulse=80&view=table");
  await expect(page.getByRole("search", { name: "Filter experts" }).getByText("Minimum pulse score: 80")).toBeVisible();
  await expect(page.getByRole("heading", { name: /experts? found/ })).toBeVisible();
  await page.getByRole("link", { name: "Clear All Filters" }).click();
  await expect(page).toHaveURL(/\/client\/experts\?view=table$/);
  await page.getByLabel("Tools").selectOption("Blackboard");
  await expect(page).toHaveURL(/tool=Blackboard/);
  for (const row of await page.getByTestId("expert-row").all()) await expect(row).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("unknown /client/* paths show the dashboard; experts are refused", async ({ page }) => {
  await signInAs(page, DEMO.client);
  await page.goto("/client/no-such-thing");
  await expect(page.getByRole("heading", { name: "Client Dashboard" })).toBeVisible();
  await page.goto("/client/calendar");
  await expect(page.getByRole("heading", { name: "Calendar" })).toBeVisible();
  // The demo client's three scheduled sessions (seed), each under its day.
  await expect(page.getByTestId("calendar-session").filter({ visible: true })).toHaveCount(3);
});

test("experts cannot use client features", async ({ page }) => {
  await signInAs(page, DEMO.expert);
  await page.goto("/client/experts");
  await expect(page).toHaveURL(/access-restricted/);
  const csv = await page.request.get("/client/shortlist/export", { maxRedirects: 0 });
  expect([302, 303, 307, 403]).toContain(csv.status());
});
