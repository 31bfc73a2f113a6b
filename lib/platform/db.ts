import "server-only";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { isDatabaseDown, noteDatabaseReachable } from "@/lib/platform/db-outage";
import { envSubset } from "@/lib/platform/env";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { onShutdown } from "@/lib/platform/shutdown.mjs";
import { countStatement } from "@/lib/platform/request-context.mjs";

/**
 * The one Prisma client. Created on first use, never at import time: `next build`
 * evaluates modules without a database.
 */
const globalForDb = globalThis as unknown as { __k12Prisma?: PrismaClient };

function createClient() {
  const { DATABASE_URL, DATABASE_POOL_MAX } = envSubset(["DATABASE_URL", "DATABASE_POOL_MAX"]);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: DATABASE_POOL_MAX, connectionTimeoutMillis: 5_000 });
  // A new connection proves the database is back; an idle connection dropping may mean it left
  // (lib/platform/db-outage.ts, read by proxy.ts).
  pool.on("connect", noteDatabaseReachable);
  // Every statement a request sends is counted on its log line, so an N+1 shows as a number.
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      countStatement();
      return query(...args);
    }) as typeof client.query;
  });
  pool.on("error", (e) => void isDatabaseDown(e));
  // Prisma's $disconnect ends the pool too, as it would one it had created itself.
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const client = new PrismaClient({ adapter });
  // Last on shutdown, after requests and jobs have finished (scripts/server.mjs).
  onShutdown("database", "close", () => client.$disconnect());
  return client;
}

export function db(): PrismaClient {
  globalForDb.__k12Prisma ??= createClient();
  return globalForDb.__k12Prisma;
}

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Options for short transactions that serialise on an advisory lock (abuse limits, sign-in
 * attempts): under a burst they queue for a pooled connection and the lock instead of failing
 * after Prisma's default 2 s wait.
 */
export const LOCKED_TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;
