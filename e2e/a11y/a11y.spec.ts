import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  DEMO,
  HASH_SCRIPT_POLICY,
  NONCE_SCRIPT_POLICY,
  demoExpertId,
  demoProjectId,
  e2eDb,
  scriptPolicyOf,
  signInAs,
  watchCspViolations,
} from "../helpers";
import { createAccount } from "../support/identities";
import { ROUTES } from "../authz/routes";

// Accessibility: axe (WCAG 2.2 A/AA) on every page each role may open — taken from the same
// route table as the access-control matrix, so a new page row is covered here too — plus
// screenshots at 375 px and 1280 px under test-results/screenshots and no sideways scrolling at 375 px.
// The same visit checks the content security policy on every page: one CSP header, scripts by nonce or
// hash only, and not one violation reported while the page loads and hydrates.

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const SHOTS = "test-results/screenshots";
/** Pages that end the session when opened; checked for signed-out visitors only. */
// (the login pages send a signed-in visitor to their home after 1 second).
const CONTENT_PAGES = [
  "/how-it-works",
  "/help",
  "/help-center",
  "/privacy-data",
  "/terms",
  "/payment-policy",
  "/cookies",
  "/contact",
  "/sitemap",
  "/api-status",
  "/500",
  "/",
  "/register",
  "/join",
  "/reset-password",
  "/verify-email",
];
const SESSION_ENDING = ["/logout", "/access-restricted", "/login", "/client/login", "/expert/login"];

/** Pages that navigate away by themselves within seconds (whoever opens them): not swept. */
const SELF_NAVIGATING = ["/404-test"];

/** The error pages are swept once each (the other not-found rows render the same page). */
const ERROR_PAGES = ["/500", "/this-page-does-not-exist"];
const sweeps = (path: string, outcome: string) =>
  !SELF_NAVIGATING.includes(path) && (outcome === "ok" || (outcome === "status" && ERROR_PAGES.includes(path)));

type Role = "anon" | "expertIncomplete" | "expert" | "client" | "admin" | "adminAsExpert";

/** The missing-page rows and the resend form render one page for everyone: swept for visitors and experts. */
const SAME_FOR_EVERYONE = [
  "/this-page-does-not-exist",
  "/client/anything-else",
  "/expert/some/unknown/path",
  "/verify-email?resend=nobody-{missingId}%40example.org",
  "/verify-work-email",
  "/verify-work-email?token=matrix-not-a-token",
];
/**
 * Pages another role's sweep already covers with the same components (the run time is the
 * suite's budget): the admin's view of the client area and of the personal pages is the
 * client's; an admin viewing as an expert differs from the expert only by the banner, checked
 * on the pages listed in VIEWING_AS_PAGES.
 */
const SWEPT_AS_ANOTHER_ROLE: Partial<Record<Role, (path: string) => boolean>> = {
  admin: (p) =>
    p === "/admin/dashboard" ||
    (p.startsWith("/client/") && p !== "/client/dashboard") ||
    ["/experts-welcome", "/payments", "/settings/security"].includes(p),
  adminAsExpert: (p) => !["/dashboard", "/payments", "/experts/{demoExpertId}"].includes(p),
};
const ROLES: Role[] = ["anon", "expertIncomplete", "expert", "client", "admin", "adminAsExpert"];

async function become(page: Page, role: Role) {
  if (role === "anon") return;
  if (role === "expertIncomplete") {
    const db = await e2eDb();
    try {
      const who = await createAccount(db, { role: "expert", firstName: "Axe", lastName: "Incomplete", onboarded: false });
      await signInAs(page, who.email);
    } finally {
      await db.end();
    }
    return;
  }
  if (role === "adminAsExpert") {
    await signInAs(page, DEMO.admin);
    const db = await e2eDb();
    const target = (await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'aisha.bello@example.com'")).rows[0].id;
    await db.end();
    const res = await page.request.post("/api/admin-impersonate", { data: { userId: target } });
    expect(res.status()).toBe(200);
    return;
  }
  await signInAs(page, DEMO[role]);
}

/** The pages a role may open, from the route table (placeholders filled in the test). */
function pagesFor(role: Role) {
  return ROUTES.flatMap((row) => (row.kind === "page" && sweeps(row.path, row.expect[role].kind) ? [row.path] : []))
    .filter(
      // Pages that end the session, or move on to /login by themselves after a few seconds,
      // are checked for signed-out visitors only (there they stay put long enough).
      (path) => role === "anon" || !SESSION_ENDING.some((p) => path.startsWith(p)),
    )
    .filter(
      // Static content pages render the same for everyone but the header island, which every
      // signed-in page already covers: sweep them for visitors and one signed-in role.
      (path) => role === "anon" || role === "expert" || !(CONTENT_PAGES.includes(path) || SAME_FOR_EVERYONE.includes(path)),
    )
    .filter((path) => !SWEPT_AS_ANOTHER_ROLE[role]?.(path));
}

async function fillPlaceholders(path: string) {
  let filled = path.includes("{demoExpertId}") ? path.replace("{demoExpertId}", await demoExpertId()) : path;
  if (filled.includes("{demoProjectId}")) filled = filled.replace("{demoProjectId}", await demoProjectId());
  return filled;
}

const slug = (path: string) =>
  path
    .replace(/^\//, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .slice(0, 60) || "home";

/**
 * The dark scheme is swept over one page per distinct layout and component set (a dark sweep of
 * every page doubles the sweep's run time for pages made of the same parts): the colours come
 * from the same tokens everywhere (app/globals.css), so a token that fails shows on these.
 */
const DARK_PAGES: [Role, string][] = [
  ["anon", "/"],
  ["anon", "/experts"],
  ["anon", "/experts/{demoExpertId}"],
  ["anon", "/help-center"],
  ["anon", "/contact"],
  ["anon", "/register"],
  ["anon", "/login"],
  ["anon", "/api-status"],
  ["anon", "/this-page-does-not-exist"],
  ["expertIncomplete", "/onboarding"],
  ["expert", "/dashboard"],
  ["expert", "/dashboard?tab=opportunities"],
  ["expert", "/dashboard?tab=wallet"],
  ["expert", "/dashboard?tab=impact"],
  ["expert", "/dashboard?tab=settings"],
  ["expert", "/payments"],
  ["expert", "/settings/security"],
  ["client", "/client/dashboard"],
  ["client", "/client/experts"],
  ["client", "/client/projects/{demoProjectId}"],
  ["client", "/client/billing"],
  ["admin", "/admin"],
  ["admin", "/admin/trends"],
  ["admin", "/admin/experts/{demoExpertId}"],
  ["admin", "/admin/payouts"],
  ["admin", "/admin/districts/coverage"],
  ["adminAsExpert", "/dashboard"],
];

async function sweep(page: Page, role: Role, routePath: string, scheme: "light" | "dark") {
  mkdirSync(SHOTS, { recursive: true });
  await page.emulateMedia({ colorScheme: scheme });
  await become(page, role);
  const path = await fillPlaceholders(routePath);
  const shot = `${SHOTS}/${role}-${slug(path)}${scheme === "dark" ? "-dark" : ""}`;
  const problems: string[] = [];
  const violations = await watchCspViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Listen before navigating: the header's account island asks /api/me while the page hydrates,
  // often before the page's main landmark is found, and a wait started after that answer would
  // sit out its whole timeout.
  const accountIslandSettled = page.waitForResponse((r) => r.url().endsWith("/api/me"), { timeout: 5_000 }).catch(() => {});
  const response = await page.goto(path, { waitUntil: "load" });
  const script = scriptPolicyOf(await response!.headersArray());
  if (!NONCE_SCRIPT_POLICY.test(script) && !HASH_SCRIPT_POLICY.test(script)) problems.push(`script-src is not by nonce or hash: ${script}`);
  // /logout signs out and moves on to / after 0.8 s: sweep where it lands, not mid-navigation.
  if (routePath === "/logout") await page.waitForURL((u) => u.pathname === "/", { timeout: 15_000 });
  await page.locator("main").first().waitFor({ timeout: 15_000 });
  await accountIslandSettled;
  // Toasts fade in (axe would measure a half-transparent frame); their colours are checked in components/ui/toaster.tsx.
  const axe = await new AxeBuilder({ page }).withTags(TAGS).exclude("[data-sonner-toaster]").analyze();
  for (const v of axe.violations) {
    problems.push(
      `${v.id} (${v.impact}) ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
    );
  }
  for (const v of await violations()) problems.push(`CSP violation: ${v}`);
  await page.screenshot({ path: `${shot}-1280.png`, fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`scrolls sideways by ${overflow}px at 375 px`);
  await page.screenshot({ path: `${shot}-375.png`, fullPage: true });
  expect(problems, `${scheme} ${role} ${path}`).toEqual([]);
}

// One test per role and page, so they spread over the workers and each has its own time budget.
for (const role of ROLES) {
  for (const routePath of pagesFor(role)) {
    test(`axe and 375 px: ${role} ${routePath}`, ({ page }) => sweep(page, role, routePath, "light"));
  }
}
for (const [role, routePath] of DARK_PAGES) {
  test(`axe and 375 px, dark: ${role} ${routePath}`, ({ page }) => sweep(page, role, routePath, "dark"));
}
