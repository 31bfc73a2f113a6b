// Run by scripts/bench-render.mjs after scripts/bench/population.ts, for its large population:
// bulk rows in SQL around the people who sign in, so every list a signed-in page shows has far
// more rows than a page. BENCH_LARGE_EXPERTS (default 50,000) synthetic experts through
// bench:directory's loader, BENCH_LARGE_ORGS (2,000) organizations and BENCH_LARGE_STUDIES
// (2,000) open studies of the demo client's organization, and BENCH_LARGE_PAYOUTS (5,000)
// waiting payouts. Prints one JSON line: how many of each there are.
import pg from "pg";
import { seedExperts } from "./bulk-experts";

const EXPERTS = Number(process.env.BENCH_LARGE_EXPERTS ?? 100_000);
const ORGS = Number(process.env.BENCH_LARGE_ORGS ?? 2_000);
const STUDIES = Number(process.env.BENCH_LARGE_STUDIES ?? 5_000);
const PAYOUTS = Number(process.env.BENCH_LARGE_PAYOUTS ?? 5_000);
const ENGAGEMENTS = Number(process.env.BENCH_LARGE_ENGAGEMENTS ?? 500_000);
const NOTIFICATIONS = Number(process.env.BENCH_LARGE_NOTIFICATIONS ?? 1_000_000);
const step = async <T>(what: string, run: () => Promise<T>) => {
  const t = Date.now();
  const out = await run();
  console.error(`  ${what} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return out;
};

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const count = async (table: string) => Number((await pool.query(`SELECT count(*) FROM ${table}`)).rows[0].count);

await seedExperts(pool, (await count("experts")) + EXPERTS);
await pool.query(
  `INSERT INTO organizations (id, name, created_at, updated_at)
   SELECT gen_random_uuid(), 'Bench Research Group ' || g, now() - g * interval '1 minute', now() FROM generate_series(1, $1::int) g`,
  [ORGS],
);
// Open studies of the demo client (its projects list, every expert's Open list), deadlines spread over two months.
await pool.query(
  `WITH c AS (SELECT u.id AS user_id, m.organization_id FROM users u JOIN organization_members m ON m.user_id = u.id WHERE u.email = 'client@example.com'),
   p AS (
     INSERT INTO projects (id, organization_id, client_user_id, title, description, project_type, compensation_cents, estimated_duration_minutes,
       location_type, deadline, status, quota, time_zone, visibility, updated_at)
     SELECT gen_random_uuid(), c.organization_id, c.user_id, 'Bench study ' || g, 'A bench study of intervention time.', 'interview', 12500, 30,
       'video', now() + (2 + g % 60) * interval '1 day', 'open', 5, 'America/New_York', 'open', now()
     FROM c, generate_series(1, $1::int) g
     RETURNING id, title, deadline)
   INSERT INTO opportunities (id, title, client_organization, description, compensation_cents, opportunity_type, estimated_duration_minutes,
     location_type, deadline, status, project_id, updated_at)
   SELECT gen_random_uuid(), p.title, 'Bench Research', 'A bench study of intervention time.', 12500, 'interview', 30, 'video', p.deadline, 'open', p.id, now()
   FROM p`,
  [STUDIES],
);
// Waiting payouts of the synthetic experts' users (the admin's queue).
await pool.query(
  `INSERT INTO payouts (id, user_id, amount_cents, status, due_date, created_at)
   SELECT gen_random_uuid(), u.id, 5000, 'pending', (now() + interval '7 days')::date, now() - g * interval '1 minute'
   FROM generate_series(1, $1::int) g JOIN LATERAL (SELECT id FROM users WHERE email = 'bench-' || g || '@example.org') u ON true`,
  [PAYOUTS],
);
await step(`${ENGAGEMENTS.toLocaleString()} engagements`, () => seedEngagements(ENGAGEMENTS));
await step(`${NOTIFICATIONS.toLocaleString()} notifications`, () => seedNotifications(NOTIFICATIONS));
await step("messages, reports and district imports", seedModeration);
for (const table of [
  "users",
  "experts",
  "organizations",
  "projects",
  "opportunities",
  "payouts",
  "engagements",
  "earnings",
  "notifications",
  "engagement_messages",
  "message_reports",
  "district_imports",
])
  await pool.query(`VACUUM ANALYZE ${table}`);
console.log(
  JSON.stringify({
    users: await count("users"),
    experts: await count("experts"),
    organizations: await count("organizations"),
    openStudies: Number((await pool.query("SELECT count(*) FROM opportunities WHERE status = 'open'")).rows[0].count),
    waitingPayouts: Number((await pool.query("SELECT count(*) FROM payouts WHERE status IN ('pending', 'processing')")).rows[0].count),
    engagements: await count("engagements"),
    notifications: await count("notifications"),
    flaggedMessages: Number((await pool.query("SELECT count(*) FROM engagement_messages WHERE flags <> '{}'")).rows[0].count),
    reports: await count("message_reports"),
  }),
);
await pool.end();

/**
 * Engagements on the bench studies, `total` in all, over every pipeline state, each study with
 * the same share of synthetic experts (distinct within a study); the demo expert completes one
 * in each of the first 60 studies, with an earning each (the wallet's list).
 */
async function seedEngagements(total: number) {
  const client = await pool.connect();
  try {
    await client.query(
      `CREATE TEMP TABLE bx AS SELECT e.id, row_number() OVER (ORDER BY e.id) AS n FROM experts e JOIN users u ON u.id = e.user_id WHERE u.email LIKE 'bench-%'`,
    );
    await client.query("CREATE UNIQUE INDEX ON bx (n)");
    await client.query(
      `CREATE TEMP TABLE bp AS SELECT id, client_user_id, organization_id, row_number() OVER (ORDER BY id) AS g FROM projects WHERE title LIKE 'Bench study %'`,
    );
    const experts = Number((await client.query("SELECT count(*) FROM bx")).rows[0].count);
    const studies = Number((await client.query("SELECT count(*) FROM bp")).rows[0].count);
    if (!experts || !studies) return;
    const perStudy = Math.min(experts, Math.ceil(total / studies));
    await client.query(
      `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, created_at, updated_at)
       SELECT gen_random_uuid(), p.id, x.id, p.client_user_id, p.organization_id,
         (CASE WHEN k % 3 = 0 THEN 'invitation' ELSE 'application' END)::"EngagementOrigin",
         (ARRAY['applied','applied','invited','accepted','declined','completed','screened_out'])[1 + k % 7]::"EngagementState",
         12500, now() - (k || ' minutes')::interval, now()
       FROM bp p CROSS JOIN generate_series(0, $1::int - 1) k
       JOIN bx x ON x.n = 1 + ((p.g * $1::int + k) % $2::int)
       WHERE (p.g - 1) * $1::int + k < $3::int`,
      [perStudy, experts, total],
    );
    // The demo expert's own history: completed sessions with earnings, more than a page of them.
    await client.query(
      `WITH me AS (SELECT e.id AS expert_id, u.id AS user_id FROM experts e JOIN users u ON u.id = e.user_id WHERE u.email = 'expert@example.com'),
       en AS (
         INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, completed_at, created_at, updated_at)
         SELECT gen_random_uuid(), p.id, me.expert_id, p.client_user_id, p.organization_id, 'invitation', 'completed', 12500,
           now() - (p.g || ' hours')::interval, now() - (p.g || ' hours')::interval, now()
         FROM bp p, me WHERE p.g <= 60
         ON CONFLICT DO NOTHING
         RETURNING id, project_id, client_user_id, organization_id, completed_at)
       INSERT INTO earnings (id, engagement_id, expert_user_id, client_user_id, organization_id, project_id, amount_cents, state, earned_at, qc_ends_at)
       SELECT gen_random_uuid(), en.id, me.user_id, en.client_user_id, en.organization_id, en.project_id, 12500, 'available', en.completed_at, en.completed_at
       FROM en, me`,
    );
  } finally {
    client.release();
  }
}

/** Notifications, `total` in all: thousands for each demo person who signs in, the rest over the synthetic experts. */
async function seedNotifications(total: number) {
  const own = Math.min(5_000, Math.floor(total / 10));
  const benchUsers = Number((await pool.query("SELECT count(*) FROM users WHERE email LIKE 'bench-%'")).rows[0].count);
  if (!benchUsers) return;
  await pool.query(
    `INSERT INTO notifications (id, user_id, kind, title, body, href, read_at, created_at)
     SELECT gen_random_uuid(), u.id, 'bench', 'Bench notice ' || g, 'Something changed on a study.', '/dashboard',
       CASE WHEN g % 4 = 0 THEN NULL ELSE now() END, now() - (g || ' minutes')::interval
     FROM users u CROSS JOIN generate_series(1, $1::int) g
     WHERE u.email IN ('expert@example.com', 'client@example.com', 'admin@example.com')`,
    [own],
  );
  await pool.query(
    `INSERT INTO notifications (id, user_id, kind, title, body, href, read_at, created_at)
     SELECT gen_random_uuid(), u.id, 'bench', 'Bench notice ' || g, 'Something changed on a study.', '/dashboard',
       CASE WHEN g % 4 = 0 THEN NULL ELSE now() END, now() - (g || ' minutes')::interval
     FROM generate_series(1, $1::int) g
     JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE 'bench-%') u ON u.n = g % $2::int`,
    [Math.max(0, total - own * 3), benchUsers],
  );
}

/** Messages on the bench engagements, one in ten flagged and one in five reported, and 300 district import runs. */
async function seedModeration() {
  await pool.query(
    `WITH m AS (
       INSERT INTO engagement_messages (id, engagement_id, sender_user_id, sender_side, body, flags, created_at)
       SELECT gen_random_uuid(), e.id, e.client_user_id, 'client', 'Bench message ' || e.g,
         CASE WHEN e.g % 10 = 0 THEN ARRAY['email'] ELSE ARRAY[]::text[] END, now() - (e.g || ' minutes')::interval
       FROM (SELECT id, client_user_id, row_number() OVER () AS g FROM (SELECT id, client_user_id FROM engagements LIMIT 20000) s) e
       RETURNING id, sender_user_id, body, created_at)
     INSERT INTO message_reports (id, message_id, reporter_user_id, reason, created_at)
     SELECT gen_random_uuid(), m.id, m.sender_user_id, 'Bench report', m.created_at FROM m WHERE right(m.body, 1) IN ('0', '5')`,
  );
  await pool.query(
    `INSERT INTO district_imports (id, created_at, finished_at) SELECT gen_random_uuid(), now() - (g || ' days')::interval, now() - (g || ' days')::interval
     FROM generate_series(1, 300) g`,
  );
}
