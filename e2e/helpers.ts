import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { readMailDir } from "../tests/helpers/mail";

export const DEMO = {
  admin: "admin@example.com",
  client: "client@example.com",
  expert: "expert@example.com",
  password: "DemoPass!2026",
} as const;

export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@example.org`;

/** Signs in through next-auth's credentials endpoint (fast); the page's context keeps the cookie. */
export async function signInAs(page: Page, email: string, password: string = DEMO.password, portal = "general") {
  const csrf = await (await page.request.get("/api/auth/csrf")).json();
  const res = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf.csrfToken, email, password, portal, json: "true" },
  });
  expect(res.ok()).toBeTruthy();
  const session = await (await page.request.get("/api/me")).json();
  expect(session.data?.email).toBe(email);
}

const MAIL_DIR = path.resolve(".data/e2e-mail");

type SentMail = ReturnType<typeof readMailDir>[number];

/**
 * Waits for the e-mail sent to `to` by the app (through the loopback SMTP server) whose subject
 * contains `subject`, or that `subject` accepts (for subjects with a time in them, which
 * arrive MIME-encoded).
 */
export async function waitForMail(to: string, subject: string | ((mail: SentMail) => boolean)) {
  const wanted = typeof subject === "string" ? (m: SentMail) => m.subject.includes(subject) : subject;
  let found: SentMail | undefined;
  await expect
    .poll(
      () => {
        found = existsSync(MAIL_DIR) ? readMailDir(MAIL_DIR).find((m) => m.to.includes(to) && wanted(m)) : undefined;
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const link = /https?:\/\/[^\s"<>]+/.exec(found!.text)?.[0];
  return { mail: found!, link: link! };
}

/** The path part of an absolute link from an e-mail (the test server's origin may differ). */
export const pathOf = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};

/** The e2e server's database (started by `scripts/run.mjs e2e`). */
export async function e2eDatabaseUrl(): Promise<string> {
  const { readFileSync } = await import("node:fs");
  return (
    process.env.E2E_DATABASE_URL ??
    (process.env.DATABASE_URL ? Object.assign(new URL(process.env.DATABASE_URL), { pathname: "/k12_e2e" }).toString() : undefined) ??
    (() => {
      const state = JSON.parse(readFileSync(path.resolve(".data/e2e-pg.json"), "utf8")) as { port: number; password: string };
      return `postgresql://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}/k12_e2e`;
    })()
  );
}

/**
 * A direct connection to the e2e server's database, for setting up rows no screen can create
 * (e.g. an account without a role). Close it after use.
 */
/** Makes a new account the owner of a one-member organization, as registration does. */
export async function foundOrganization(
  db: { query: (text: string, values?: unknown[]) => Promise<unknown> },
  userId: string,
  name: string,
) {
  await db.query(
    `WITH o AS (INSERT INTO organizations (id, name, updated_at) VALUES (gen_random_uuid(), $2, now()) RETURNING id)
     INSERT INTO organization_members (user_id, organization_id, role) SELECT $1, id, 'owner' FROM o`,
    [userId, name],
  );
}

/** The SQL for the organization of the user in parameter `$n` (rows inserted straight into client tables). */
export const ORGANIZATION_OF = (n: number) => `(SELECT organization_id FROM organization_members WHERE user_id = $${n}::uuid)`;

export async function e2eDb() {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: await e2eDatabaseUrl() });
  await client.connect();
  return client;
}

export type E2eDb = Awaited<ReturnType<typeof e2eDb>>;

/** Runs `fn` on a connection of its own to the e2e database, closed afterwards whatever happens. */
export async function withDb<T>(fn: (db: E2eDb) => Promise<T>): Promise<T> {
  const db = await e2eDb();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/**
 * Records every Content-Security-Policy violation the page reports, from its first script on
 * (Playwright's init script is not itself subject to the page's policy). Call before goto.
 */
export async function watchCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** The script-src directive of a response's one CSP header (a second header would also be enforced). */
export function scriptPolicyOf(headers: { name: string; value: string }[]) {
  const csp = headers.filter((h) => h.name.toLowerCase() === "content-security-policy");
  if (csp.length !== 1) throw new Error(`expected one Content-Security-Policy header, got ${csp.length}`);
  return /(?:^|;\s*)script-src ([^;]*)/.exec(csp[0].value)?.[1] ?? "";
}

/** The script-src of a page rendered per request: its nonce, and what scripts carrying it load. */
export const NONCE_SCRIPT_POLICY = /^'self' 'nonce-[^']+' 'strict-dynamic'$/;
/** The script-src of a page from the full-route cache: its own inline scripts, each by SHA-256. */
export const HASH_SCRIPT_POLICY = /^'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/;

/** The demo expert's id (their public profile is /experts/{id}). */
export async function demoExpertId() {
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{ id: string }>("SELECT e.id FROM experts e JOIN users u ON u.id = e.user_id WHERE u.email = $1", [
      DEMO.expert,
    ]);
    return rows[0].id;
  } finally {
    await db.end();
  }
}

/** The demo client's first project (its pipeline is /client/projects/{id}), as the access matrix's fixture picks it. */
export async function demoProjectId() {
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{ id: string }>(
      "SELECT p.id FROM projects p JOIN users u ON u.id = p.client_user_id WHERE u.email = $1 ORDER BY p.created_at LIMIT 1",
      [DEMO.client],
    );
    return rows[0].id;
  } finally {
    await db.end();
  }
}

/** Puts `cents` in an expert's Available balance the way the ledger does: one balanced opening transaction. */
export async function fundAvailable(db: Awaited<ReturnType<typeof e2eDb>>, userId: string, cents: number) {
  await db.query("BEGIN");
  const { rows } = await db.query<{ id: string; kind: string }>(
    `INSERT INTO ledger_accounts (id, kind, owner_user_id) VALUES (gen_random_uuid(), 'opening_balance', $1), (gen_random_uuid(), 'expert_available', $1)
     ON CONFLICT (owner_user_id, kind) DO UPDATE SET kind = EXCLUDED.kind RETURNING id, kind::text`,
    [userId],
  );
  const tx = await db.query<{ id: string }>(
    "INSERT INTO ledger_transactions (id, idempotency_key, kind) VALUES (gen_random_uuid(), $1, 'opening_balance') RETURNING id",
    [`e2e-opening:${userId}:${randomBytes(4).toString("hex")}`],
  );
  const account = (kind: string) => rows.find((r) => r.kind === kind)!.id;
  await db.query(
    "INSERT INTO ledger_entries (id, transaction_id, account_id, amount_cents) VALUES (gen_random_uuid(), $1, $2, $3), (gen_random_uuid(), $1, $4, $5)",
    [tx.rows[0].id, account("opening_balance"), cents, account("expert_available"), -cents],
  );
  await db.query("COMMIT");
}

/**
 * A new account of its own, for tests that change passwords or end sessions (the demo accounts
 * are shared by every spec running in parallel). Experts get a finished onboarding and a wallet.
 */
export async function createAccount(role: "expert" | "client", opts: { availableCents?: number } = {}) {
  const { hash } = await import("@node-rs/argon2");
  const email = uniqueEmail(`e2e-${role}`);
  const password = `Quiet-Harbor-${randomBytes(3).toString("hex")}`;
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO users (id, email, first_name, last_name, email_verified_at, updated_at) VALUES (gen_random_uuid(), $1, 'Session', 'Tester', now(), now()) RETURNING id",
      [email],
    );
    const userId = rows[0].id;
    await db.query("INSERT INTO password_credentials (user_id, hash, updated_at) VALUES ($1, $2, now())", [
      userId,
      await hash(password, { algorithm: 2 }),
    ]);
    await db.query("INSERT INTO user_roles (user_id, role) VALUES ($1, $2)", [userId, role]);
    if (role === "client") {
      await db.query("INSERT INTO client_profiles (user_id, organization, role_title) VALUES ($1, 'Session Research', 'Researcher')", [
        userId,
      ]);
      await foundOrganization(db, userId, "Session Research");
    } else {
      await db.query(
        `INSERT INTO experts (id, user_id, role_title, organization_name, state, updated_at, step_basics, step_linkedin, step_expertise, step_preferences, step_payments, step_pulse, preferred_payment_method, hourly_rate_min_cents, hourly_rate_max_cents, w9_consent)
         VALUES (gen_random_uuid(), $1, 'Teacher', 'Session District', 'OH', now(), true, true, true, true, true, true, 'paypal', 5000, 10000, true)`,
        [userId],
      );
      if (opts.availableCents) await fundAvailable(db, userId, opts.availableCents);
    }
    return { email, password, userId };
  } finally {
    await db.end();
  }
}

/** Answers an "are you sure?" question (components/ui/confirm-dialog) with its confirming button. */
export async function confirmIn(page: Page, button: string) {
  await page.getByRole("alertdialog").getByRole("button", { name: button, exact: true }).click();
}

/** A new client account made a member of `ownerId`'s organization with `role` (as an accepted invitation leaves it). */
export async function organizationMember(ownerId: string, role: "admin" | "researcher" | "finance" | "viewer") {
  const account = await createAccount("client");
  await withDb((db) =>
    db.query(
      "UPDATE organization_members SET role = $3, organization_id = (SELECT organization_id FROM organization_members WHERE user_id = $2) WHERE user_id = $1",
      [account.userId, ownerId, role],
    ),
  );
  return account;
}

/** A page in a browser context of its own, signed in as `email`. */
export async function signedInPage(browser: Browser, email: string, password: string = DEMO.password) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, password);
  return page;
}
