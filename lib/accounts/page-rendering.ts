import { areaFor } from "@/lib/accounts/route-rules";

// How each page is served, for proxy.ts: which responses render per request (and so can carry
// a per-request script nonce), which come from Next's full-route cache (their CSP is the hash
// policy stored with each cache entry, lib/platform/page-script-hashes.mjs), and which can be served
// while the database is down.

/** Pages outside the signed-in areas that read the session, the URL or the database per request. */
const RENDERED_PER_REQUEST = new Set([
  "/api-status",
  "/demo-survey",
  "/districts",
  "/experts",
  "/payments",
  "/reset-password",
  "/verify-email",
  "/verify-work-email",
  "/test-only/crash",
  "/test-only/floor",
]);

/** Prerendered pages that never read the database, and /api-status, which reports on it. */
const SERVED_WITHOUT_DATABASE = new Set([
  "/",
  "/how-it-works",
  "/help",
  "/help-center",
  "/privacy-data",
  "/terms",
  "/payment-policy",
  "/expert-agreement",
  "/cookies",
  "/contact",
  "/sitemap",
  "/404-test",
  "/500",
  "/api-status",
  "/experts-welcome",
]);

const isRead = (method: string) => method === "GET" || method === "HEAD";

/**
 * True when the response is rendered for this request. Everything else outside the signed-in
 * areas — the public pages, the login pages, profiles and the not-found page — is cached when
 * read; a post (a form sent before scripts load) is answered with a page rendered for it.
 * In development nothing is cached, so every page takes a nonce.
 */
export function rendersPerRequest(pathname: string, method: string): boolean {
  if (process.env.NODE_ENV !== "production" || !isRead(method)) return true;
  return (
    areaFor(pathname) !== null ||
    pathname.startsWith("/api/") ||
    pathname.startsWith("/sitemaps/") ||
    // A survey's end addresses record the response they report.
    pathname.startsWith("/survey/") ||
    // An invitation link reads the invitation and who is signed in.
    pathname.startsWith("/invitations/") ||
    // A district office's review link reads its token.
    pathname.startsWith("/district-review/") ||
    RENDERED_PER_REQUEST.has(pathname)
  );
}

/**
 * True for a page read that would need the database: while an outage is fresh
 * (lib/platform/db-outage.ts) the proxy answers it 503. Route handlers and server actions answer
 * their own 503.
 */
export function pageNeedsDatabase(pathname: string, method: string): boolean {
  return isRead(method) && !pathname.startsWith("/api/") && !SERVED_WITHOUT_DATABASE.has(pathname);
}
