// Run by scripts/bench-render.mjs after scripts/bench/population.ts, for its large population:
// bulk rows in SQL around the people who sign in, so every list a signed-in page shows has far
// more rows than a page. BENCH_LARGE_EXPERTS (default 50,000) synthetic experts through
// bench:directory's loader, BENCH_LARGE_ORGS (2,000) organizations and BENCH_LARGE_STUDIES
// (2,000) open studies of the demo client's organization, and BENCH_LARGE_PAYOUTS (5,000)
// waiting payouts. Prints one JSON line: how many of each there are.
import pg from "pg";
import { seedExperts } from "./bulk-experts";

const EXPERTS = Number(process.env.BENCH_LARGE_EXPERTS ?? 50_000);
const ORGS = Number(process.env.BENCH_LARGE_ORGS ?? 2_000);
const STUDIES = Number(process.env.BENCH_LARGE_STUDIES ?? 2_000);
const PAYOUTS = Number(process.env.BENCH_LARGE_PAYOUTS ?? 5_000);

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
for (const table of ["users", "experts", "organizations", "projects", "opportunities", "payouts"])
  await pool.query(`VACUUM ANALYZE ${table}`);
console.log(
  JSON.stringify({
    users: await count("users"),
    experts: await count("experts"),
    organizations: await count("organizations"),
    openStudies: Number((await pool.query("SELECT count(*) FROM opportunities WHERE status = 'open'")).rows[0].count),
    waitingPayouts: Number((await pool.query("SELECT count(*) FROM payouts WHERE status IN ('pending', 'processing')")).rows[0].count),
  }),
);
await pool.end();
