import { expect, test } from "@playwright/test";
import { DEMO, signInAs } from "./helpers";

// The route table (who may open which area, where the others are sent), row by row, for each identity.
const SIGNED_OUT: [string, RegExp][] = [
  ["/dashboard", /\/expert\/login\?callbackUrl=%2Fdashboard$/],
  ["/expert/dashboard", /\/expert\/login\?callbackUrl=%2Fexpert%2Fdashboard$/],
  ["/client/dashboard", /\/client\/login\?callbackUrl=%2Fclient%2Fdashboard$/],
  ["/client/experts", /\/client\/login\?callbackUrl=%2Fclient%2Fexperts$/],
  ["/admin", /\/login\?callbackUrl=%2Fadmin$/],
  ["/admin/users", /\/login\?callbackUrl=%2Fadmin%2Fusers$/],
  ["/onboarding", /\/login\?callbackUrl=%2Fonboarding$/],
];

test("signed out: each protected area sends to its own login with the path remembered", async ({ page }) => {
  for (const [path, expected] of SIGNED_OUT) {
    await page.goto(path);
    await expect(page, path).toHaveURL(expected);
  }
  for (const path of ["/", "/login", "/client/login", "/expert/login", "/register", "/join", "/reset-password"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
  }
  const missing = await page.goto("/no-such-page-here");
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("missing-path")).toHaveText("/no-such-page-here");
});

test("expert: own area and unknown /expert/* paths; other areas show Access Restricted then /login", async ({ page }) => {
  await signInAs(page, DEMO.expert);
  for (const path of ["/dashboard", "/expert/dashboard", "/expert/some/unknown/path"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: /Dashboard|Welcome back/ }).first(), path).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
  }
  await page.goto("/admin");
  await expect(page.getByText("This area requires admin access. You are signed in as expert.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeAttached();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  await page.goto("/client/dashboard");
  await expect(page.getByText("This area requires client or admin access. You are signed in as expert.")).toBeVisible();
});

test("client: client area and unknown /client/* paths; expert and admin areas refused", async ({ page }) => {
  await signInAs(page, DEMO.client);
  await page.goto("/client/anything-else");
  await expect(page.getByRole("heading", { name: "Client Dashboard" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByText("This area requires expert access. You are signed in as client.")).toBeVisible();
  await page.goto("/admin/users");
  await expect(page.getByText("This area requires admin access. You are signed in as client.")).toBeVisible();
});

test("admin: admin and client areas; unknown /admin/* shows the admin dashboard; expert area refused", async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto("/admin/not-a-real-page");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.goto("/client/dashboard");
  await expect(page.getByRole("heading", { name: "Client Dashboard" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByText("This area requires expert access. You are signed in as admin.")).toBeVisible();
});

test("a forged x-middleware-subrequest header does not skip the server's own check", async ({ request }) => {
  const res = await request.get("/admin", {
    headers: { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy", "x-forwarded-for": "127.0.0.1" },
    maxRedirects: 0,
  });
  expect([302, 307, 308]).toContain(res.status());
  expect(res.headers()["location"]).toMatch(/\/login\?callbackUrl=%2Fadmin/);
  const api = await request.get("/api/me", { headers: { "x-middleware-subrequest": "proxy" } });
  expect((await api.json()).data.signedIn).toBe(false);
});
