// Recognising a database outage. The app notes connection failures (instrumentation.ts
// onRequestError, and the pool's idle-client errors) and new connections; proxy.ts answers page
// requests with 503 while an outage is fresh, so a page that would need the database gets
// "temporarily unavailable" instead of a 500 crash screen, and scripts/server.mjs turns a page
// that crashed in the outage's first moment into a 503 too. The state itself is in db-outage-state.mjs.
import { databaseRecentlyDown, noteDatabaseFailure, noteDatabaseReachable, OUTAGE_HOLD_MS } from "./db-outage-state.mjs";

export { databaseRecentlyDown, noteDatabaseFailure, noteDatabaseReachable, OUTAGE_HOLD_MS };

/**
 * Connection-level failures (database restarting) answer 503, not 500; recognising one also
 * records it for proxy.ts. Prisma wraps the driver's error, sometimes twice (a transaction's),
 * so the causes are walked too.
 */
export function isDatabaseDown(e: unknown): boolean {
  const down = matchesOutage(e, 0);
  if (down) noteDatabaseFailure();
  return down;
}

function matchesOutage(e: unknown, depth: number): boolean {
  if (!e || typeof e !== "object" || depth > 4) return false;
  const err = e as { code?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  const text = `${typeof err.code === "string" ? err.code : ""} ${typeof err.message === "string" ? err.message : ""}`;
  if (DB_DOWN.test(text)) return true;
  return matchesOutage(err.cause, depth + 1) || matchesOutage(err.meta?.driverAdapterError, depth + 1);
}

const DB_DOWN =
  /ECONNREFUSED|ECONNRESET|EPIPE|57P01|57P02|57P03|08006|08001|08003|Connection terminated|connect ETIMEDOUT|Can't reach database|DatabaseNotReachable|terminating connection|database system is (shutting down|starting up)|Server has closed the connection|Unable to start a transaction|Transaction already closed|not queryable|P1001|P1002|P1017|P2024|P2028/i;
