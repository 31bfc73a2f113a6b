// The offline schema-engine stand-in (tooling/prisma-offline-engine/schema-engine.mjs, see
// docs/decisions/0001-prisma-offline-schema-engine.md), driven through the real Prisma CLI.
// A tiny project in a temp directory is deployed into a new, uniquely named database on the
// test server (TEST_ADMIN_DATABASE_URL, else DATABASE_URL); the database is dropped afterwards.
// Self-contained: it uses no app code and no shared test database.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const prismaCli = path.join(repoRoot, "node_modules/prisma/build/index.js");
const standIn = path.join(repoRoot, "tooling/prisma-offline-engine/schema-engine.mjs");

const serverUrl = process.env.TEST_ADMIN_DATABASE_URL || process.env.DATABASE_URL;
const database = `schema_engine_test_${randomBytes(4).toString("hex")}_${process.pid}`;

/** The same server and credentials, another database (and the default `public` schema). */
function urlFor(url: string, name: string) {
  const target = new URL(url);
  target.pathname = `/${name}`;
  target.searchParams.delete("schema");
  return target.toString();
}

const SCHEMA = `datasource db {
  provider = "postgresql"
}

enum Mood {
  calm
  busy
}

model Author {
  id    Int    @id @default(autoincrement())
  email String @unique
  notes Note[]
}

model Note {
  id       Int      @id @default(autoincrement())
  body     String
  mood     Mood     @default(calm)
  tags     String[]
  authorId Int
  author   Author   @relation(fields: [authorId], references: [id], onDelete: Cascade)

  @@index([tags], type: Gin)
}
`;

// What `prisma migrate dev` generates for SCHEMA, plus a hand-written check constraint.
const MIGRATION = `-- CreateEnum
CREATE TYPE "Mood" AS ENUM ('calm', 'busy');

-- CreateTable
CREATE TABLE "Author" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,

    CONSTRAINT "Author_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Note" (
    "id" SERIAL NOT NULL,
    "body" TEXT NOT NULL,
    "mood" "Mood" NOT NULL DEFAULT 'calm',
    "tags" TEXT[],
    "authorId" INTEGER NOT NULL,

    CONSTRAINT "Note_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Author_email_key" ON "Author"("email");

-- CreateIndex
CREATE INDEX "Note_tags_idx" ON "Note" USING GIN ("tags");

-- AddForeignKey
ALTER TABLE "Note" ADD CONSTRAINT "Note_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "Author"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written
ALTER TABLE "Note" ADD CONSTRAINT "Note_body_not_empty" CHECK (length("body") > 0);
`;

// A plain object: the temp directory cannot resolve `prisma/config`.
const CONFIG = `export default {
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
};
`;

const run = promisify(execFile);

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)("Prisma CLI with the schema-engine stand-in", () => {
  const adminUrl = serverUrl ?? "";
  const databaseUrl = urlFor(adminUrl, database);
  let projectDir = "";

  /** Run the Prisma CLI in the temp project, always through the stand-in. */
  async function prisma(...args: string[]) {
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PRISMA_SCHEMA_ENGINE_BINARY: standIn,
      CHECKPOINT_DISABLE: "1",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
    };
    try {
      return await run(process.execPath, [prismaCli, ...args], { cwd: projectDir, env, timeout: 90_000 });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`prisma ${args.join(" ")} failed:\n${stdout ?? ""}\n${stderr ?? ""}`);
    }
  }

  beforeAll(async () => {
    projectDir = await mkdtemp(path.join(os.tmpdir(), "schema-engine-test-"));
    const migrationDir = path.join(projectDir, "prisma/migrations/20250101000000_init");
    await mkdir(migrationDir, { recursive: true });
    await writeFile(path.join(projectDir, "prisma.config.ts"), CONFIG);
    await writeFile(path.join(projectDir, "prisma/schema.prisma"), SCHEMA);
    await writeFile(path.join(projectDir, "prisma/migrations/migration_lock.toml"), 'provider = "postgresql"\n');
    await writeFile(path.join(migrationDir, "migration.sql"), MIGRATION);
  });

  afterAll(async () => {
    await withClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
    if (projectDir) await rm(projectDir, { recursive: true, force: true });
  });

  it("migrate deploy creates the missing database and applies the migration", { timeout: 120_000 }, async () => {
    const { stdout } = await prisma("migrate", "deploy");
    expect(stdout).toContain("All migrations have been successfully applied.");

    const tables = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      );
      return rows.map((row) => row.tablename);
    });
    expect(tables).toEqual(["Author", "Note", "_prisma_migrations"]);

    const applied = await withClient(databaseUrl, async (client) => {
      await client.query(`INSERT INTO "Author" ("email") VALUES ('kept@example.test')`);
      const { rows } = await client.query("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL");
      return rows.map((row) => row.migration_name);
    });
    expect(applied).toEqual(["20250101000000_init"]);
  });

  it("finds no drift between the migrations and the database", { timeout: 120_000 }, async () => {
    // Runs after the deploy test (tests in a file run in order). Replays the migrations in a
    // temporary shadow database and introspects the real one, check constraint included
    // (pg_constraint.contype is PostgreSQL's "char" type): all three adapter-pg workarounds.
    const { stdout } = await prisma("migrate", "diff", "--from-migrations", "prisma/migrations", "--to-config-datasource", "--exit-code");
    expect(stdout).toContain("No difference detected.");

    // The shadow database was a separate one: the real database still has its row.
    const authors = await withClient(databaseUrl, (client) => client.query(`SELECT email FROM "Author"`));
    expect(authors.rows).toEqual([{ email: "kept@example.test" }]);
  });
});
