// The migration that turned each client into a one-member organization, run on a database that
// holds rows from before it: every client becomes its organization's owner and keeps every row.
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const MIGRATION = "20261126180000_organizations";
const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
const migrations = readdirSync(dir)
  .filter((d) => /^\d{14}_/.test(d))
  .sort();
const before = migrations.filter((m) => m < MIGRATION);

const adminUrl = inject("adminDatabaseUrl");
const name = `k12_migration_${randomBytes(4).toString("hex")}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
let client: pg.Client;

const sql = (m: string) => readFileSync(path.join(dir, m, "migration.sql"), "utf8");

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  for (const m of before) await client.query(sql(m));
});

afterAll(async () => {
  await client?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

const id = () => randomUUID();

describe("moving today's clients into organizations", () => {
  it("makes each client the owner of a one-member organization named as typed, and every client row follows", async () => {
    const [acme, bare, admin, expertUser, expert] = [id(), id(), id(), id(), id()];
    const [project, engagement, earning, bonus, tx] = [id(), id(), id(), id(), id()];
    const [receivable, pending] = [id(), id()];
    const q = (text: string, values: unknown[] = []) => client.query(text, values);

    await q("BEGIN");
    for (const [uid, first, last] of [
      [acme, "Ada", "Acme"],
      [bare, "Bo", "Bare"],
      [admin, "Alex", "Admin"],
      [expertUser, "Eve", "Expert"],
    ])
      await q("INSERT INTO users (id, email, first_name, last_name, updated_at) VALUES ($1, $2, $3, $4, now())", [
        uid,
        `${uid}@example.org`,
        first,
        last,
      ]);
    await q(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'client'), ($2, 'client'), ($3, 'admin'), ($4, 'expert')`, [
      acme,
      bare,
      admin,
      expertUser,
    ]);
    await q("INSERT INTO client_profiles (user_id, organization, role_title) VALUES ($1, 'Acme Research', 'Director')", [acme]);
    await q("INSERT INTO experts (id, user_id, updated_at) VALUES ($1, $2, now())", [expert, expertUser]);
    await q("INSERT INTO projects (id, client_user_id, title, description, updated_at) VALUES ($1, $2, 'Study', 'About reading', now())", [
      project,
      acme,
    ]);
    await q(
      `INSERT INTO engagements (id, project_id, expert_id, client_user_id, origin, state, incentive_cents, updated_at)
       VALUES ($1, $2, $3, $4, 'invite', 'completed', 15000, now())`,
      [engagement, project, expert, acme],
    );
    await q("INSERT INTO shortlists (id, client_user_id, expert_id) VALUES ($1, $2, $3)", [id(), acme, expert]);
    await q(
      `INSERT INTO earnings (id, engagement_id, expert_user_id, client_user_id, project_id, amount_cents, earned_at, qc_ends_at)
       VALUES ($1, $2, $3, $4, $5, 15000, now(), now())`,
      [earning, engagement, expertUser, acme, project],
    );
    await q(
      `INSERT INTO bonuses (id, engagement_id, expert_user_id, client_user_id, project_id, amount_cents, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, 500, $6)`,
      [bonus, engagement, expertUser, acme, project, `bonus:${bonus}`],
    );
    await q(
      `INSERT INTO client_ratings (id, engagement_id, client_user_id, clarity, respect_of_time, payment_speed) VALUES ($1, $2, $3, 5, 4, 5)`,
      [id(), engagement, acme],
    );
    await q(`INSERT INTO expert_ratings (id, engagement_id, expert_id, preparation, insight, communication) VALUES ($1, $2, $3, 5, 5, 4)`, [
      id(),
      engagement,
      expert,
    ]);
    await q(
      `INSERT INTO client_statement_payments (id, client_user_id, month, amount_cents, marked_by_id) VALUES ($1, $2, '2026-10-01', 1000, $3)`,
      [id(), acme, admin],
    );
    await q(`INSERT INTO ledger_accounts (id, kind, owner_user_id) VALUES ($1, 'client_receivable', $2), ($3, 'expert_pending_qc', $4)`, [
      receivable,
      acme,
      pending,
      expertUser,
    ]);
    await q("INSERT INTO ledger_transactions (id, idempotency_key, kind) VALUES ($1, 'earning:x', 'session_completed')", [tx]);
    await q(`INSERT INTO ledger_entries (id, transaction_id, account_id, amount_cents) VALUES ($1, $2, $3, 15000), ($4, $2, $5, -15000)`, [
      id(),
      tx,
      receivable,
      id(),
      pending,
    ]);
    await q("COMMIT");

    await client.query(sql(MIGRATION));

    const orgs = await q(
      `SELECT o.name, m.user_id, m.role FROM organizations o JOIN organization_members m ON m.organization_id = o.id ORDER BY o.name`,
    );
    // The clients and the admin (who may run projects), never the expert; one member each, as owner.
    expect(orgs.rows).toEqual([
      { name: "Acme Research", user_id: acme, role: "owner" },
      { name: "Alex Admin", user_id: admin, role: "owner" },
      { name: "Bo Bare", user_id: bare, role: "owner" },
    ]);
    const acmeOrg = (await q("SELECT organization_id FROM organization_members WHERE user_id = $1", [acme])).rows[0].organization_id;
    for (const table of ["projects", "engagements", "shortlists", "earnings", "bonuses", "client_ratings", "client_statement_payments"]) {
      const rows = await q(`SELECT organization_id FROM ${table}`);
      expect(rows.rows, table).toEqual([{ organization_id: acmeOrg }]);
    }
    // Who did what stays recorded: the project's member and the rating's author.
    expect((await q("SELECT client_user_id FROM projects")).rows).toEqual([{ client_user_id: acme }]);
    expect((await q("SELECT rated_by_id FROM expert_ratings")).rows).toEqual([{ rated_by_id: acme }]);
    // The client's receivable now belongs to the organization with its balance; the expert's account stays with the expert.
    const accounts = await q("SELECT id, kind, owner_user_id, owner_organization_id, balance_cents FROM ledger_accounts ORDER BY kind");
    expect(accounts.rows).toEqual([
      { id: receivable, kind: "client_receivable", owner_user_id: null, owner_organization_id: acmeOrg, balance_cents: 15000 },
      { id: pending, kind: "expert_pending_qc", owner_user_id: expertUser, owner_organization_id: null, balance_cents: 15000 },
    ]);
    expect((await q("SELECT count(*)::int AS n FROM ledger_entries")).rows[0].n).toBe(2);
    // An account has exactly one owner.
    await expect(q("INSERT INTO ledger_accounts (id, kind) VALUES ($1, 'client_paid')", [id()])).rejects.toThrow(
      /ledger_accounts_one_owner/,
    );
  });
});
