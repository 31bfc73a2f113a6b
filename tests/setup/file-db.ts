// Per test file: a fresh database copied from the migrated template (fast: a file copy
// inside PostgreSQL), so files never see each other's rows and order never matters.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { TEST_ENV } from "./test-env";

Object.assign(process.env, TEST_ENV);

const adminUrl = inject("adminDatabaseUrl");
const template = inject("templateDatabase");
const suffix = template.replace("k12_test_template_", "");
const name = `k12_test_${randomBytes(4).toString("hex")}_${suffix}`;

const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
// The app's tests run two files at once; keep each file's pool small.
process.env.DATABASE_POOL_MAX = "4";

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
});

afterAll(async () => {
  const { db } = await import("@/lib/platform/db");
  await db().$disconnect();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});
