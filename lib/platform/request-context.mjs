import { AsyncLocalStorage } from "node:async_hooks";

// What is known about the request being served, for its log lines: the server
// (scripts/server.mjs) opens the context, proxy.ts and the API handler add the signed-in user.
// One store per process on globalThis: the server and the app's bundle each load their own copy
// of this module. Plain JavaScript: that server runs outside the bundler.

/**
 * @typedef {{ requestId: string; userId?: string; statements?: number }} RequestContext
 */

const KEY = Symbol.for("k12.requestContext");
/** @type {AsyncLocalStorage<RequestContext>} */
const store = /** @type {any} */ (globalThis[KEY] ??= new AsyncLocalStorage());

/**
 * Runs `fn` with `context` as the current request's.
 * @template T
 * @param {RequestContext} context
 * @param {() => T} fn
 * @returns {T}
 */
export const runWithRequest = (context, fn) => store.run(context, fn);

/** @returns {RequestContext | undefined} */
export const currentRequest = () => store.getStore();

/**
 * Records who is signed in for this request's log line (an id, never an e-mail).
 * @param {string | null | undefined} userId
 */
export function setRequestUser(userId) {
  const context = store.getStore();
  if (context && userId) context.userId = userId;
}

/** Counts one SQL statement against the current request (its log line shows how many it sent). */
export function countStatement() {
  const context = store.getStore();
  if (context) context.statements = (context.statements ?? 0) + 1;
}
