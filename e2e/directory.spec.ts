import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { DEMO, signInAs } from "./helpers";

// /experts for its three audiences, filters and paging in the URL, the public profile and
// the sitemap.

/** The demo seed's stable ids (lib/site/demo-seed.ts seedId). */
const seedId = (key: string) => {
  const h = createHash("sha1").update(`k12-demo:${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const DEMO_EXPERT = seedId("expert:demo-expert");
const REJECTED = seedId("expert:e14");
const NOT_PUBLIC = seedId("expert:e15");

/** The e2e database (started by scripts/run.mjs e2e), to add and remove this spec's own rows. */
async function e2eDb() {
  const state = JSON.parse(readFileSync(path.resolve(".data/e2e-pg.json"), "utf8")) as { password: string; port: number };
  const client = new pg.Client({
    connectionString: `postgresql://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}/k12_e2e`,
  });
  await client.connect();
  return client;
}

test("signed out: the marketing view with client sign-up and sign-in", async ({ page }) => {
  await page.goto("/experts");
  await expect(page.getByRole("heading", { level: 1, name: "Find Education Experts" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up as a Client" })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute("href", /\/client\/login/);
  await expect(page.getByTestId("expert-card")).toHaveCount(0);
  const search = await page.request.post("/api/experts-search", { data: {} });
  expect(search.status()).toBe(401);
});

test("expert: Clients Only naming the role, Go to Login, and a 403 from the API", async ({ page }) => {
  await signInAs(page, DEMO.expert);
  await page.goto("/experts");
  await expect(page.getByRole("heading", { name: "Clients Only" })).toBeVisible();
  await expect(page.getByText("You are signed in as expert").filter({ visible: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/login");
  const search = await page.request.post("/api/experts-search", { data: {} });
  expect(search.status()).toBe(403);
});

test("client: filters, view and paging live in the URL and Back walks them", async ({ page }) => {
  const db = await e2eDb();
  const dept = `Paging ${Date.now()}`;
  try {
    // 14 experts of this spec's own department: two pages of 12.
    await db.query(
      `WITH u AS (
         INSERT INTO users (id, email, first_name, last_name, updated_at)
         SELECT gen_random_uuid(), 'paging-' || g || '-' || $2 || '@example.org', 'Pager', 'No' || g, now() FROM generate_series(1, 14) g
         RETURNING id, last_name)
       INSERT INTO experts (id, user_id, role_title, state, department, verification_status, updated_at, created_at)
       SELECT gen_random_uuid(), u.id, 'Teacher', 'IL', $1, 'verified', now(), now() - (substring(u.last_name from 3)::int || ' minutes')::interval FROM u`,
      [dept, Date.now()],
    );
    await signInAs(page, DEMO.client);
    await page.goto("/experts");
    await expect(page.getByRole("heading", { name: /experts found/ })).toBeVisible();
    const all = await page.getByTestId("expert-card").count();
    expect(all).toBe(12);

    await page.getByLabel("State").selectOption("CA");
    await expect(page).toHaveURL(/\/experts\?state=CA$/);
    await expect(page.getByRole("heading", { name: /experts? found/ })).toBeVisible();
    for (const card of await page.getByTestId("expert-card").all()) await expect(card).toContainText("CA");

    await page.getByRole("link", { name: "Table" }).click();
    await expect(page).toHaveURL(/state=CA&view=table/);
    await expect(page.getByTestId("expert-row").first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^View / }).first()).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/experts\?state=CA$/);
    await expect(page.getByTestId("expert-card").first()).toBeVisible();
    await page.getByRole("link", { name: "Reset Filters" }).click();
    await expect(page).toHaveURL(/\/experts$/);

    await page.goto(`/experts?department=${encodeURIComponent(dept)}`);
    await expect(page.getByRole("heading", { name: "14 experts found" })).toBeVisible();
    await expect(page.getByTestId("expert-card")).toHaveCount(12);
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("expert-card")).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await page.goBack();
    await expect(page.getByTestId("expert-card")).toHaveCount(12);

    await page.goto("/experts?q=zzzz-nobody-matches");
    // In main: while the streamed page reveals (loading.tsx), a hidden copy sits at the end of the body.
    await expect(page.getByRole("main").getByText("No experts found")).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/experts$/);

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  } finally {
    await db.query(`DELETE FROM users WHERE id IN (SELECT user_id FROM experts WHERE department = $1)`, [dept]);
    await db.end();
  }
});

test("API: filters in the body; bad values answer 400", async ({ page }) => {
  await signInAs(page, DEMO.client);
  const ok = await page.request.post("/api/experts-search", { data: { state: "TX" } });
  expect(ok.status()).toBe(200);
  const body = await ok.json();
  expect(body.success).toBe(true);
  expect(body.data.total).toBeGreaterThan(0);
  expect(body.data.page).toBe(1);
  for (const e of body.data.experts) expect(e.state).toBe("TX");
  expect(JSON.stringify(body)).not.toContain("@");
  const bad = await page.request.post("/api/experts-search", { data: { rateMin: "lots", state: "ZZ" } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).success).toBe(false);
});

test("public profile: cached page, SEO tags, no e-mail; hidden profiles answer Expert Not Found with 404", async ({ page }) => {
  const res = await page.goto(`/experts/${DEMO_EXPERT}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Maria Gonzalez" })).toBeVisible();
  await expect(page.getByText("Verified Expert").filter({ visible: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "About" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Areas of Expertise" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Professional Details" })).toBeVisible();
  await expect(page.getByRole("link", { name: /LinkedIn Profile/ })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/experts/${DEMO_EXPERT}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Maria Gonzalez/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld["@type"]).toBe("Person");
  // Served from the full-route cache (ISR), not rendered per request.
  // Other specs may change the demo expert in parallel (which rightly invalidates the page),
  // so ask again until a cached copy answers.
  let cached = await page.request.get(`/experts/${DEMO_EXPERT}`);
  await expect
    .poll(
      async () => {
        cached = await page.request.get(`/experts/${DEMO_EXPERT}`);
        return cached.headers()["x-nextjs-cache"];
      },
      { timeout: 10_000 },
    )
    .toMatch(/HIT|STALE/);
  expect(cached.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  const html = await cached.text();
  expect(html).not.toContain("expert@example.com");
  expect(html).not.toMatch(/[\w.+-]+@example\.(com|org)/);
  // Signed out: Send Interview Request asks to sign in; Check Availability lists slots.
  await expect(page.getByRole("link", { name: "Send Interview Request" })).toHaveAttribute("href", /\/client\/login\?callbackUrl=/);
  await page.getByRole("button", { name: "Check Availability" }).click();
  await expect(page.locator("#availability-slots")).toContainText(/AM|PM|No open time slots/);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  for (const id of [REJECTED, NOT_PUBLIC, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
    const missing = await page.goto(`/experts/${id}`);
    expect(missing?.status(), id).toBe(404);
    await expect(page.getByRole("heading", { name: "Expert Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Experts" })).toBeVisible();
  }
});

test("admins see the expert's e-mail on the profile; visitors never do", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto(`/experts/${DEMO_EXPERT}`);
  await expect(page.getByText("Admin view: expert@example.com")).toBeVisible();
});

test("a client finds an expert by full name, and each card's Invite names its expert to a screen reader", async ({ page }) => {
  await signInAs(page, DEMO.client);
  await page.goto("/client/experts?q=James+Whitfield");
  await expect(page.getByRole("heading", { name: /^1 experts? found/ })).toBeVisible();
  const card = page.getByTestId("expert-card");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("button", { name: "Invite James Whitfield", exact: true })).toBeVisible();
  // Every card of a longer list: the button's name carries the name the card shows.
  await page.goto("/client/experts");
  for (const each of (await page.getByTestId("expert-card").all()).slice(0, 4)) {
    const name = (await each.getByRole("heading").first().innerText()).trim();
    await expect(each.getByRole("button", { name: `Invite ${name}`, exact: true })).toBeVisible();
  }
});

test("sitemap.xml and robots.txt", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`/experts/${DEMO_EXPERT}</loc><lastmod>`);
  expect(xml).toContain("/how-it-works</loc>");
  expect(xml).not.toContain(REJECTED);
  expect(xml).not.toContain(NOT_PUBLIC);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  for (const p of ["/admin", "/client", "/dashboard", "/expert/", "/onboarding", "/api"]) expect(robots).toContain(`Disallow: ${p}`);
  expect(robots).not.toMatch(/Disallow: \/experts/);
});
