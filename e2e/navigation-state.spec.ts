import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Request } from "@playwright/test";
import { DEMO, e2eDb, signInAs } from "./helpers";

// The dashboard's tab in the URL, the top of the page after a navigation,
// the client search's verification filter, and a filter change that shows it is working.

test("the dashboard tab lives in the URL: a click writes it, a reload keeps it, an unknown one falls back", async ({ page }) => {
  await signInAs(page, DEMO.expert);
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Wallet", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=wallet$/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Wallet", exact: true })).toHaveAttribute("aria-selected", "true");
  // The panel, not the page: while a streamed page reveals itself it briefly holds a hidden copy.
  await expect(page.getByRole("tabpanel", { name: "Wallet" }).getByText("Ready for cash out")).toBeVisible();

  // A shared link opens the same tab; Overview takes "tab" out of the address again.
  await page.goto("/dashboard?tab=settings");
  await expect(page.getByRole("tab", { name: "Settings", exact: true })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Overview", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/dashboard?tab=no-such-tab");
  await expect(page.getByRole("tab", { name: "Overview", exact: true })).toHaveAttribute("aria-selected", "true");
});

test("a footer link ends at the top of the new page (scrollY 0), its h1 not under the sticky header", async ({ page }) => {
  await page.goto("/how-it-works");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Once more from the bottom of a long page, through another footer column.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "How It Works" }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
});

test("clients get the verification filter, defaulting to verified, and never see other experts", async ({ page }) => {
  const db = await e2eDb();
  // One whose organization no verified expert shares (specs make many experts of one organization).
  const pending = (
    await db.query<{ organization_name: string }>(
      `SELECT p.organization_name FROM experts p
       WHERE p.verification_status = 'pending' AND p.is_public_profile AND p.organization_name IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM experts v WHERE v.verification_status = 'verified' AND v.organization_name = p.organization_name)
       ORDER BY p.created_at LIMIT 1`,
    )
  ).rows[0];
  await db.end();
  expect(pending, "the demo seed has a pending public expert").toBeTruthy();
  const search = `/client/experts?verification=pending&q=${encodeURIComponent(pending.organization_name)}`;

  await signInAs(page, DEMO.client);
  await page.goto("/client/experts");
  const filter = page.getByRole("search", { name: "Filter experts" }).getByLabel("Verification");
  await expect(filter).toHaveValue("verified");
  await expect(filter.locator("option")).toHaveText(["Verified"]);
  await expect(filter).toHaveAccessibleDescription("Client search lists verified experts only.");

  // Asking for pending experts by address changes nothing for a client.
  await page.goto(search);
  await expect(page.getByRole("heading", { name: "0 experts found" })).toBeVisible();

  // An admin may look at them.
  await signInAs(page, DEMO.admin);
  await page.goto(search);
  await expect(page.getByRole("search", { name: "Filter experts" }).getByLabel("Verification")).toHaveValue("pending");
  await expect(page.getByRole("heading", { name: /^[1-9]\d* experts? found$/ })).toBeVisible();
});

test("a directory filter change shows that it is working until the results arrive", async ({ page }) => {
  await signInAs(page, DEMO.client);
  await page.goto("/client/experts");
  const results = page.getByTestId("directory-results");
  await expect(results).toHaveAttribute("aria-busy", "false");

  // Hold the server's answer for a moment so the pending state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/client\/experts\?/, async (route) => {
    if (route.request().headers()["rsc"]) await held;
    await route.continue();
  });
  const state = page.getByRole("search", { name: "Filter experts" }).getByLabel("State");
  await state.selectOption("TX");
  await expect(results).toHaveAttribute("aria-busy", "true");
  await expect(results.getByRole("status")).toHaveText("Updating results…");
  await expect(state).toHaveValue("TX");
  release();
  await expect(page).toHaveURL(/state=TX/);
  await expect(results).toHaveAttribute("aria-busy", "false");
  await expect(results.getByText("Updating results…")).toHaveCount(0);
});

test("a page that reads the database shows a skeleton shaped like it while it loads, and axe finds nothing", async ({ page }) => {
  await signInAs(page, DEMO.client);
  // Hold the page's data, not the prefetch that brings its skeleton.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/client\/shortlist/, async (route) => {
    const headers = route.request().headers();
    if (headers["rsc"] && !headers["next-router-prefetch"]) await held;
    await route.continue();
  });
  // The skeleton comes with the link's prefetch: wait until every prefetch of the page has
  // answered. The section nav's link is on screen from the start, so its prefetch starts on load
  // however long the dashboard above the cards has grown.
  let inFlight = 0;
  let answered = 0;
  const isPrefetch = (r: Request) => /\/client\/shortlist/.test(r.url()) && !!r.headers()["next-router-prefetch"];
  page.on("request", (r) => isPrefetch(r) && inFlight++);
  const done = (r: Request) => isPrefetch(r) && (inFlight--, answered++);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  await page.goto("/client/dashboard");
  await page.waitForLoadState("networkidle");
  await expect.poll(() => answered > 0 && inFlight === 0).toBe(true);
  await page.getByRole("navigation", { name: "Client" }).getByRole("link", { name: "Shortlist" }).click();
  const skeleton = page.getByTestId("loading-skeleton");
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute("aria-busy", "true");
  await expect(skeleton.getByRole("status")).toHaveText("Loading your shortlist…");
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "My Shortlist" })).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});
