// What must finish before the process exits, registered by the parts of the app that own it
// (the job worker, the database pool) and run by the server on SIGTERM/SIGINT (scripts/server.mjs):
// "drain" hooks run while in-flight requests finish, "close" hooks after both. One list per
// process on globalThis: the server and the app's bundle each load their own copy of this module.

/** @typedef {"drain" | "close"} ShutdownPhase */
/** @typedef {{ name: string; phase: ShutdownPhase; run: () => Promise<unknown> | unknown }} ShutdownHook */

const KEY = Symbol.for("k12.shutdownHooks");
/** @type {ShutdownHook[]} */
const hooks = /** @type {any} */ (globalThis[KEY] ??= []);

/**
 * @param {string} name
 * @param {ShutdownPhase} phase
 * @param {() => Promise<unknown> | unknown} run
 */
export function onShutdown(name, phase, run) {
  hooks.push({ name, phase, run });
}

/**
 * Runs every hook of `phase` at once; resolves with the names of those that failed.
 * @param {ShutdownPhase} phase
 * @returns {Promise<{ name: string; error: unknown }[]>}
 */
export async function runShutdownHooks(phase) {
  const due = hooks.filter((h) => h.phase === phase);
  const results = await Promise.allSettled(due.map((h) => h.run()));
  return results.flatMap((r, i) => (r.status === "rejected" ? [{ name: due[i].name, error: r.reason }] : []));
}
