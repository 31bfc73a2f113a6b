import { areaFor } from "@/lib/auth/route-rules";

// Which responses render per request (and so can carry a per-request script nonce) and which
// come from Next's full-route cache (DESIGN.md 'Rendering and caching'), whose CSP is the hash
// policy stored with each cache entry (lib/page-script-hashes.mjs).

/** Pages outside the signed-in areas that read the session, the URL or the database per request. */
const RENDERED_PER_REQUEST = new Set(["/api-status", "/experts", "/payments", "/reset-password", "/verify-email"]);

/**
 * True when the response is rendered for this request. Everything else outside the signed-in
 * areas — the public pages, the login pages, profiles and the not-found page — is cached.
 * In development nothing is cached, so every page takes a nonce.
 */
export function rendersPerRequest(pathname: string): boolean {
  if (process.env.NODE_ENV !== "production") return true;
  return areaFor(pathname) !== null || pathname.startsWith("/api/") || pathname.startsWith("/sitemaps/") || RENDERED_PER_REQUEST.has(pathname);
}
