// The hash-based CSP of pages served from the full-route cache (lib/platform/cache-handler.mjs).
// Plain JavaScript because Next loads the cache handler at run time, outside the bundler.
import { createHash } from "node:crypto";
import { contentSecurityPolicy } from "./security-headers.mjs";

const CSP_HEADER = "content-security-policy";
// A script element's text runs to the first `</script`; Next escapes that sequence inside its
// inline payloads, so this finds exactly the bodies the browser will execute.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** `'sha256-…'` sources for every inline script of an HTML document, in order, without repeats. */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (!body || /\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Gives a cached page entry the CSP that allows exactly its own inline scripts. Next sends a
 * cache entry's headers with every response built from it — the render that fills the cache
 * as well as each later hit — so the policy travels with the HTML it was computed from.
 * Mutates the entry's headers in place: Next holds the same object for the response in flight.
 */
export function securePageEntry(value) {
  if (value?.kind !== "APP_PAGE" || typeof value.html !== "string" || !value.html) return value;
  value.headers ??= {};
  if (!value.headers[CSP_HEADER]) {
    value.headers[CSP_HEADER] = contentSecurityPolicy({ hashes: inlineScriptHashes(value.html) });
  }
  return value;
}
