// graphile-worker keeps its own schema (`graphile_worker`), apart from Prisma's migrations.
// It is installed and upgraded here, once, right after `prisma migrate deploy` (scripts/run.mjs,
// the Docker start command, the Vitest template database), so app instances never race each
// other to create it at boot; a starting worker then only checks the version (one SELECT).
import { Logger, runMigrations } from "graphile-worker";
import pg from "pg";

/** Applies graphile-worker's migrations to the database at `connectionString`. */
export async function migrateJobQueue(connectionString) {
  const pool = new pg.Pool({ connectionString, max: 1 });
  // Only warnings and errors: graphile's info lines say nothing a person needs here.
  const logger = new Logger(() => (level, message) => {
    if (level === "error" || level === "warning") console.error(`[jobs] ${message}`);
  });
  try {
    await runMigrations({ pgPool: pool, logger });
  } finally {
    await pool.end();
  }
}

// `node scripts/lib/job-queue.mjs` (the Docker start command) migrates DATABASE_URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.DATABASE_URL) {
    console.error("DATABASE_URL is required");
    process.exit(1);
  }
  await migrateJobQueue(process.env.DATABASE_URL);
}
