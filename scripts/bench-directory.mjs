#!/usr/bin/env node
// npm run bench:directory — for each size in BENCH_SIZES (default 1000,100000) seeds that many
// synthetic experts into its own benchmark database (k12_bench_<size>) and prints p50/p95 of the
// directory query for the default page and for each filter alone and combined, the uncached
// count, EXPLAIN's verdict (index or seq scan), reads beside writes and the sitemap.
// A database whose migrations are all still ours and whose row count matches is reused, so a
// second run at 1,000,000 skips the seeding. Uses DATABASE_URL's server when set (other
// databases on it), else an embedded PostgreSQL.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { startDatabase, ensureDatabaseExists, withDatabase } from "./lib/database.mjs";

const log = (m) => console.log(`[bench] ${m}`);
const sizes = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map((s) => Number(s.trim().replace(/_/g, "")));
if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n < 100 || n > 5_000_000)) {
  console.error("BENCH_SIZES must be a comma-separated list of whole numbers between 100 and 5000000");
  process.exit(2);
}
const base = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;
const database = base
  ? { adminUrl: withDatabase(base, "postgres"), stop: async () => {} }
  : await startDatabase({ name: "bench-pg", database: "postgres", log });
const pg = (await import("pg")).default;
const ours = new Set(
  readdirSync("prisma/migrations", { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name),
);
const bin = (name) => path.resolve("node_modules/.bin", name);

/** Drops the size's database unless every migration it ran is still ours and it holds at most `size` experts. */
async function reusable(name, size) {
  const admin = new pg.Client({ connectionString: database.adminUrl });
  await admin.connect();
  try {
    if (!(await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount) return false;
    const db = new pg.Client({ connectionString: withDatabase(database.adminUrl, name) });
    await db.connect();
    let keep = false;
    try {
      const applied = (await db.query("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL")).rows.map(
        (r) => r.migration_name,
      );
      const count = Number((await db.query("SELECT count(*) FROM experts")).rows[0].count);
      keep = applied.every((m) => ours.has(m)) && count <= size;
    } catch {
      keep = false;
    } finally {
      await db.end();
    }
    if (!keep) await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
    return keep;
  } finally {
    await admin.end();
  }
}

let failed = false;
try {
  for (const size of sizes) {
    const name = `k12_bench_${size}`;
    log(`${name}: ${(await reusable(name, size)) ? "reusing" : "creating"} ...`);
    await ensureDatabaseExists(database.adminUrl, name);
    const env = { ...process.env, DATABASE_URL: withDatabase(database.adminUrl, name), BENCH_SIZE: String(size) };
    const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit", env }).status === 0;
    if (!run(bin("prisma"), ["migrate", "deploy"])) throw new Error(`migrating ${name} failed`);
    failed =
      !run(process.execPath, ["--import", "./scripts/bench/server-only-hook.mjs", "--import", "tsx", "scripts/bench/directory-run.ts"]) ||
      failed;
  }
} finally {
  await database.stop();
}
process.exit(failed ? 1 : 0);
