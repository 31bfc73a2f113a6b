// What the process knows about the database being down, as plain module state on globalThis:
// the proxy, the app's modules and the HTTP server around Next (scripts/server.mjs) are separate
// bundles in one process, and all read and write this one record. lib/platform/db-outage.ts
// recognises the failures; this file only keeps the time of the last one.

/** After the last failure, pages are answered 503 for this long unless a connection succeeds. */
export const OUTAGE_HOLD_MS = 2_000;

const KEY = Symbol.for("k12.databaseOutage");
/** @returns {{ lastFailureAt: number }} */
const state = () => (globalThis[KEY] ??= { lastFailureAt: 0 });

export function noteDatabaseFailure(now = Date.now()) {
  state().lastFailureAt = now;
}

export function noteDatabaseReachable() {
  state().lastFailureAt = 0;
}

export function databaseRecentlyDown(now = Date.now()) {
  const at = state().lastFailureAt;
  return at > 0 && now - at < OUTAGE_HOLD_MS;
}

/**
 * The status a response goes out with: a page that crashed (500) while the database was just
 * found down is "temporarily unavailable" (503), as the proxy answers the requests that come
 * after it, so clients and load balancers retry instead of reporting an error.
 */
export const statusDuringOutage = (status, now = Date.now()) => (status === 500 && databaseRecentlyDown(now) ? 503 : status);
