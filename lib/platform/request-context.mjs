import { AsyncLocalStorage } from "node:async_hooks";

// What is known about the request being served, for its log lines: the server
// (scripts/server.mjs) opens the context, proxy.ts and the API handler add the signed-in user.
// One store per process on globalThis: the server and the app's bundle each load their own copy
// of this module. Plain JavaScript: that server runs outside the bundler.

/**
 * @typedef {{ requestId: string; userId?: string; statements?: number; readOnly?: boolean; reads?: Map<string, Promise<unknown>> }} RequestContext
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

/**
 * `read()` once per request that cannot change what it reads: within one GET or HEAD request
 * (`readOnly`, set by the server) a second call with the same key gets the first call's answer.
 * The proxy and the page it lets through both read the session, so the page reuses the proxy's
 * read rather than sending the same statement again milliseconds later. A POST (a server action)
 * reads afresh every time: it may change what it read and render again in the same request. A
 * failed read is not kept, so a later caller tries again.
 * @template T
 * @param {string} key
 * @param {() => Promise<T>} read
 * @returns {Promise<T>}
 */
export function readOncePerRequest(key, read) {
  const context = store.getStore();
  if (!context?.readOnly) return read();
  const reads = (context.reads ??= new Map());
  const known = /** @type {Promise<T> | undefined} */ (reads.get(key));
  if (known) return known;
  const fresh = read();
  reads.set(key, fresh);
  fresh.catch(() => {
    if (reads.get(key) === fresh) reads.delete(key);
  });
  return fresh;
}

/**
 * Drops what readOncePerRequest kept for this request under keys starting with `prefix`: whoever
 * changes it (a session ending) makes the next read in the same request go to the database.
 * @param {string} prefix
 */
export function forgetRequestReads(prefix) {
  const reads = store.getStore()?.reads;
  for (const key of reads?.keys() ?? []) if (key.startsWith(prefix)) reads?.delete(key);
}
