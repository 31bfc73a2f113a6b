// Once per `vitest run`: a PostgreSQL server (embedded unless DATABASE_URL is set) and a
// template database with every migration applied. Each test file then gets its own copy.
import { spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startDatabase, withDatabase } from "../../scripts/lib/database.mjs";
import { migrateJobQueue } from "../../scripts/lib/job-queue.mjs";

export const TEMPLATE_DB = `k12_test_template_${process.pid}`;

export default async function setup(project: TestProject) {
  const server = await startDatabase({ name: "test-pg", database: "postgres", log: () => {} });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DB}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  await admin.end();

  const migrate = spawnSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: withDatabase(server.adminUrl, TEMPLATE_DB) },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`prisma migrate deploy failed:\n${migrate.stdout}\n${migrate.stderr}`);
  // The job queue's schema too, so every per-file copy has it and no worker migrates at start.
  const started = Date.now();
  await migrateJobQueue(withDatabase(server.adminUrl, TEMPLATE_DB));
  if (process.env.K12_TIMINGS) console.log(`[test-db] job queue schema in ${Date.now() - started} ms`);

  project.provide("adminDatabaseUrl", server.adminUrl);
  project.provide("templateDatabase", TEMPLATE_DB);

  return async () => {
    const cleanup = new pg.Client({ connectionString: server.adminUrl });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'k12_test_%' AND datname LIKE $1",
      [`%_${process.pid}%`],
    );
    for (const { datname } of rows) await cleanup.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await cleanup.end();
    await server.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}
