import { expect } from "@playwright/test";
import { foundOrganization, type E2eDb } from "../helpers";
import { FORGED_HEADERS, IDENTITIES, createAccount, signedInContext, type Caller, type Identity, type World } from "../support/identities";
import { actionPage, callAction } from "../support/server-actions";
import { AUTHZ_ATTACHMENT, type MatrixTally } from "../support/tallies";
import { test } from "../support/worlds";
import { ROUTES, SIGNED_IN_PAGES, type Outcome, type Row } from "./routes";

// Runs every cell of the table in routes.ts against the production server, one test per row (so
// both workers share the table and a failure names its row), each cell an HTTP request with the
// identity's session cookie and no browser page. The summary reporter prints the number of cells
// checked at the end. A cell fails on any difference, including a leaked name or e-mail.

const fill = (value: unknown, fixtures: Record<string, string>): unknown => {
  if (typeof value === "string") return value.replace(/\{(\w+)\}/g, (all, key: string) => fixtures[key] ?? all);
  if (Array.isArray(value)) return value.map((v) => fill(v, fixtures));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, fixtures)]));
  return value;
};

const rowName = (row: Row) =>
  row.kind === "action" ? `action ${row.action}` : row.kind === "api" ? `${row.method} ${row.path}` : `page ${row.path}`;

/** The names and e-mails of every fixed person other than `self`: none may appear in `self`'s answer. */
function foreignMarks(world: World, caller: Caller) {
  return Object.values(world.people)
    .filter((p) => p.userId !== caller.self?.userId && p.userId !== caller.real?.userId)
    .flatMap((p) => [p.name, p.email]);
}

function checkOwn(body: string, world: World, caller: Caller, mark: "name" | "email" | null): string | null {
  // Pages greet by first name; the API returns the e-mail.
  const mine = caller.self && mark ? (mark === "name" ? caller.self.name.split(" ")[0] : caller.self.email) : null;
  if (mine && !body.includes(mine)) return `does not show the caller's own ${mark} (${mine})`;
  const leak = foreignMarks(world, caller).find((mark) => body.includes(mark));
  return leak ? `LEAK: shows "${leak}" to ${caller.identity}` : null;
}

/** The first `hide` string the answer shows (another caller's rows, an e-mail on a public page). */
function hidden(body: string, expected: Extract<Outcome, { kind: "ok" }>, fx: Record<string, string>): string | null {
  const shown = (expected.hide ?? []).map((h) => fill(h, fx) as string).find((h) => body.includes(h));
  return shown ? `LEAK: shows "${shown}"` : null;
}

const ipByte = () => 1 + Math.floor(Math.random() * 254);
/** An X-Forwarded-For whose last hop (the one the app believes from loopback) is a random private address. */
const distinctAddress = () => `${FORGED_HEADERS["x-forwarded-for"]}, 10.${ipByte()}.${ipByte()}.${ipByte()}`;

const locationPath = (location: string) => {
  const u = new URL(location, "http://x.invalid");
  return `${u.pathname}${u.search}`;
};

type Counts = Pick<MatrixTally, "proxy" | "framework">;

async function runCell(row: Row, expected: Outcome, caller: Caller, world: World, db: E2eDb, counts: Counts): Promise<string | null> {
  const fx = { ...world.fixtures, identity: caller.identity };
  if (row.kind === "page") {
    const path = fill(row.path, fx) as string;
    const res = await caller.http.get(path, { maxRedirects: 0 });
    const body = await res.text();
    const meta = /http-equiv="refresh" content="\d+;\s*url=([^"]+)"/.exec(body)?.[1];
    const location = res.headers()["location"] ?? (meta ? meta.replace(/&amp;/g, "&") : undefined);
    if (expected.kind === "redirect") {
      if (!location) return `expected a redirect to ${expected.to}, got ${res.status()}`;
      const got = locationPath(location);
      return got.startsWith(fill(expected.to, fx) as string) ? null : `redirected to ${got}, expected ${expected.to}`;
    }
    if (expected.kind === "ok") {
      if (res.status() !== 200 || location) return `expected 200, got ${res.status()}${location ? ` → ${location}` : ""}`;
      if (expected.text && !body.includes(fill(expected.text, fx) as string)) return `missing text "${expected.text}"`;
      return hidden(body, expected, fx) ?? (expected.own ? checkOwn(body, world, caller, expected.nameless ? null : "name") : null);
    }
    if (expected.kind === "status") {
      if (res.status() !== expected.status || location)
        return `expected ${expected.status}, got ${res.status()}${location ? ` → ${location}` : ""}`;
      return expected.text && !body.includes(fill(expected.text, fx) as string) ? `missing text "${expected.text}"` : null;
    }
    return `outcome ${expected.kind} does not apply to a page`;
  }

  const headers: Record<string, string> = row.distinctIp ? { "x-forwarded-for": distinctAddress() } : {};
  if (row.kind === "api") {
    const path = fill(row.path, fx) as string;
    const res = await caller.http.fetch(path, {
      method: row.method,
      maxRedirects: 0,
      headers,
      ...(row.body === undefined ? {} : { data: fill(row.body, fx) }),
    });
    const body = await res.text();
    if (expected.kind === "redirect") {
      const location = res.headers()["location"];
      if (!location) return `expected a redirect to ${expected.to}, got ${res.status()}`;
      const got = locationPath(location);
      return got.startsWith(fill(expected.to, fx) as string) ? null : `redirected to ${got}, expected ${expected.to}`;
    }
    if (expected.kind === "ok") {
      if (res.status() !== 200) return `expected 200, got ${res.status()}: ${body.slice(0, 200)}`;
      if (expected.text && !body.includes(fill(expected.text, fx) as string)) return `body lacks "${expected.text}": ${body.slice(0, 200)}`;
      return hidden(body, expected, fx) ?? (expected.own ? checkOwn(body, world, caller, "email") : null);
    }
    if (expected.kind === "status") {
      if (res.status() !== expected.status) return `expected ${expected.status}, got ${res.status()}: ${body.slice(0, 200)}`;
      return expected.text && !body.includes(expected.text) ? `body lacks "${expected.text}": ${body.slice(0, 200)}` : null;
    }
    return `outcome ${expected.kind} does not apply to a route handler`;
  }

  const answer = await callAction(caller.http, row.action, fill(row.input, fx), {
    via: fill(row.via ?? actionPage(row.action), fx) as string,
    headers,
  });
  const location = answer.response.headers()["location"];
  if (
    expected.kind === "refused" &&
    location &&
    /^\/(login|expert\/login|client\/login|access-restricted|onboarding)\b/.test(locationPath(location))
  ) {
    counts.proxy++;
    return null; // the proxy refused the page the action was posted to: the action never ran
  }
  if (caller.identity === "forged" && answer.status >= 400 && !answer.result) {
    counts.framework++;
    return null; // Next refuses an action whose Origin differs from the (forged) X-Forwarded-Host
  }
  if (answer.status !== 200 || !answer.result) return `expected an action result, got ${answer.status}: ${answer.raw.slice(0, 200)}`;
  if (expected.kind === "done") return answer.result.ok ? null : `expected success, got "${answer.result.message}"`;
  if (expected.kind === "refused") {
    if (answer.result.ok) return `NOT REFUSED: the action ran for ${caller.identity}`;
    if (!expected.message.test(answer.result.message ?? "")) return `refused with "${answer.result.message}", expected ${expected.message}`;
    if (row.stillThere) {
      const { rowCount } = await db.query(row.stillThere.sql, fill(row.stillThere.params, fx) as string[]);
      if (!rowCount) return "refused, but the row is gone";
    }
    return null;
  }
  return `outcome ${expected.kind} does not apply to a server action`;
}

const rank = (o: Outcome) => (o.kind === "done" ? 1 : 0);

// Rows are numbered in table order: two rows may name the same route with different inputs.
ROUTES.forEach((row, index) => {
  test(`row ${String(index + 1).padStart(3, "0")}: ${rowName(row)}`, async ({ world, workerDb }, testInfo) => {
    // Fifteen cells, one a fresh sign-in each for some rows: seconds, with a margin for a loaded machine.
    test.setTimeout(120_000);
    const tally: MatrixTally = {
      row: rowName(row),
      identities: IDENTITIES.length,
      checked: 0,
      failed: 0,
      skipped: [],
      proxy: 0,
      framework: 0,
    };
    const failures: string[] = [];
    // Refusals first: a success may change what the next cell sees (e.g. a deleted row).
    const order = [...IDENTITIES].sort((a, b) => rank(row.expect[a]) - rank(row.expect[b]));
    const groups = [order.filter((i) => rank(row.expect[i]) === 0), order.filter((i) => rank(row.expect[i]) === 1)];
    // A fresh session per cell is a sign-in each (a slow password hash): one at a time, so fifteen
    // at once do not starve the server and leave the next request an idle socket it already closed.
    const fresh = row.kind === "api" && row.freshSession;
    for (const group of fresh ? groups.flatMap((g) => g.map((i) => [i])) : groups) {
      await Promise.all(
        group.map(async (identity: Identity) => {
          const expected = row.expect[identity];
          if (expected.kind === "skip") {
            tally.skipped.push(`${rowName(row)} × ${identity}: ${expected.why}`);
            return;
          }
          const caller = fresh ? await world.fresh(identity) : world.callers[identity];
          tally.checked++;
          const problem = await runCell(row, expected, caller, world, workerDb, tally).catch((e: Error) => `threw ${e.message}`);
          if (problem) failures.push(`${rowName(row)} × ${identity}: ${problem}`);
        }),
      );
    }
    tally.failed = failures.length;
    await testInfo.attach(AUTHZ_ATTACHMENT, { body: JSON.stringify(tally), contentType: "application/json" });
    expect(failures, `${failures.length} of ${tally.checked} cells differ from routes.ts`).toEqual([]);
  });
});

test("a cookie replayed after logout: every signed-in page answers 307 to its login, with nothing else", async ({
  baseURL,
  playwright,
  world,
  workerDb: db,
}) => {
  test.setTimeout(120_000);
  // Every role, so the token alone would pass the role gate of every area: only the session row
  // (ended by the logout) can tell the server that the cookie is no longer anyone's.
  const { email, userId } = await createAccount(db, { role: "expert", firstName: "Rhea", lastName: "Replayed" });
  await db.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'client'), ($1, 'admin')", [userId]);
  await db.query("INSERT INTO client_profiles (user_id, organization, role_title) VALUES ($1, 'Replay Research', 'Researcher')", [userId]);
  await foundOrganization(db, userId, "Replay Research");
  const session = await signedInContext(baseURL!, email);
  const { cookies } = await session.storageState();
  expect((await session.post("/api/auth-logout")).status()).toBe(200);
  await session.dispose();

  const replay = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  const fixtures = world.fixtures;
  const failures: string[] = [];
  try {
    expect(SIGNED_IN_PAGES.length).toBeGreaterThan(20);
    for (const { path: template, login } of SIGNED_IN_PAGES) {
      const path = fill(template, fixtures) as string;
      // Each request sends the replayed cookie again (a cleared cookie would otherwise be dropped).
      const res = await replay.get(path, { maxRedirects: 0, headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") } });
      const body = await res.text();
      const location = res.headers()["location"] ?? "";
      const to = location ? locationPath(location) : "";
      if (res.status() !== 307) failures.push(`${path}: ${res.status()}${to ? ` → ${to}` : ""}, expected 307`);
      else if (!to.startsWith(fill(login, fixtures) as string)) failures.push(`${path}: 307 → ${to}, expected ${login}`);
      // Next's router writes a redirect's Location as its plain-text body; anything more is a page.
      else if (body !== "" && body !== location)
        failures.push(`${path}: 307 with a body of ${body.length} characters besides the Location`);
    }
  } finally {
    await replay.dispose();
  }
  console.log(`\nreplayed cookie: ${SIGNED_IN_PAGES.length} signed-in pages checked, ${failures.length} failed`);
  expect(failures).toEqual([]);
});
