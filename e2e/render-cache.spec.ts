import { expect, request as playwrightRequest, test, type Page, type Response } from "@playwright/test";
import { createAccount, e2eDb, fundAvailable, signInAs, watchCspViolations } from "./helpers";

// Issue 18 §4, docs/decisions/0029-render-cache.md: the server keeps a signed-in page for its
// session and serves it again while nothing in the database has changed. The specs running
// beside this one write all the time, and any write ends every kept page, so a kept page is
// waited for; what must never happen (a kept page after a change, or for another session) is
// asserted at once.

const KEPT = "x-render-cache";

/** Loads a page until the server answers it from its kept copy. */
async function loadUntilKept<R extends { headers(): Record<string, string> }>(load: () => Promise<R | null>): Promise<R> {
  let last: R | null = null;
  await expect
    .poll(async () => {
      last = await load();
      return last?.headers()[KEPT];
    }, { timeout: 45_000, intervals: [0] })
    .toBe("hit");
  return last!;
}

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];

test("a kept page runs under a new nonce, ends with the write that changes it, and never outlives its session", async ({ page }) => {
  const account = await createAccount("expert", { availableCents: 12_345 });
  const violations = await watchCspViolations(page);
  await signInAs(page, account.email, account.password);
  const goto = (p: Page) => () => p.goto("/payments");

  const kept = await loadUntilKept(goto(page));
  await expect(page.getByText("$123.45").first()).toBeVisible();
  // The page's scripts carry this response's nonce, and it is not the one it was rendered with.
  const nonce = nonceOf(kept);
  expect(nonce).toBeTruthy();
  const scripts = (await kept.text()).match(/ nonce="[^"]*"/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  expect(new Set(scripts)).toEqual(new Set([` nonce="${nonce}"`]));
  const again = await loadUntilKept(goto(page));
  expect(nonceOf(again)).not.toBe(nonce);
  await expect(page.getByText("$123.45").first()).toBeVisible();
  expect(await violations()).toEqual([]);

  // A write, here straight to the database as any instance's would be: the very next load renders it.
  const db = await e2eDb();
  try {
    await fundAvailable(db, account.userId, 1_000);
  } finally {
    await db.end();
  }
  const after = await page.goto("/payments");
  expect(after?.headers()[KEPT]).not.toBe("hit");
  await expect(page.getByText("$133.45").first()).toBeVisible();

  // The same request headers from elsewhere (a copied cookie) reach the kept page while the
  // session lives; once it has signed out, they get the signed-out page.
  const document = await loadUntilKept(goto(page));
  const headers = await document.request().allHeaders();
  const copy = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin, extraHTTPHeaders: { cookie: headers.cookie, "user-agent": headers["user-agent"] } });
  await loadUntilKept(() => copy.get("/payments"));
  await page.goto("/logout");
  await expect(page.getByRole("heading", { name: "You have been signed out" })).toBeVisible();
  const replay = await copy.get("/payments");
  expect(replay.headers()[KEPT]).not.toBe("hit");
  expect(await replay.text()).toContain("Sign in to see your wallet");
  await copy.dispose();
});

test("a page is kept for one session only: another session, or none, never gets it", async ({ page, browser }) => {
  const [mine, theirs] = await Promise.all([createAccount("expert", { availableCents: 4_321 }), createAccount("expert", { availableCents: 8_765 })]);
  await signInAs(page, mine.email, mine.password);
  await loadUntilKept(() => page.goto("/payments"));

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const anonymous = await otherPage.goto("/payments");
  expect(anonymous?.headers()[KEPT]).not.toBe("hit");
  await expect(otherPage.getByRole("link", { name: "Sign in to see your wallet" })).toBeVisible();
  await signInAs(otherPage, theirs.email, theirs.password);
  const theirPage = await otherPage.goto("/payments");
  expect(theirPage?.headers()[KEPT]).not.toBe("hit");
  await expect(otherPage.getByText("$87.65").first()).toBeVisible();
  await expect(otherPage.getByText("$43.21")).toHaveCount(0);
  await other.close();
});
