#!/usr/bin/env node
// npm run bench:directory — seeds 1,000 and then 100,000 synthetic experts into a separate
// benchmark database (k12_bench) and prints p50/p95 of the directory query for the default
// page and for each filter alone and combined, with EXPLAIN's verdict (index or seq scan).
// Uses DATABASE_URL's server when set (another database on it), else an embedded PostgreSQL.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { startDatabase, ensureDatabaseExists, withDatabase } from "./lib/database.mjs";

const log = (m) => console.log(`[bench] ${m}`);
const base = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;
const database = base
  ? { adminUrl: withDatabase(base, "postgres"), stop: async () => {} }
  : await startDatabase({ name: "bench-pg", database: "postgres", log });
const pg = (await import("pg")).default;
const admin = new pg.Client({ connectionString: database.adminUrl });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS "k12_bench" WITH (FORCE)');
await admin.end();
await ensureDatabaseExists(database.adminUrl, "k12_bench");
const url = withDatabase(database.adminUrl, "k12_bench");
const env = { ...process.env, DATABASE_URL: url };
const bin = (name) => path.resolve("node_modules/.bin", name);
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
};
try {
  log("migrating k12_bench ...");
  run(bin("prisma"), ["migrate", "deploy"]);
  run(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/bench/directory-run.ts", ...process.argv.slice(2)]);
} finally {
  await database.stop();
}
