// Response security headers, in plain JS so next.config.mjs, proxy.ts and the cache handler
// (loaded outside the bundler) share one home.

const isProd = () => process.env.NODE_ENV === "production";

/**
 * The Content-Security-Policy of a page. Scripts run only from this origin or when the policy
 * names them:
 * - `nonce`: pages rendered per request. Next puts the nonce on its own scripts, and
 *   'strict-dynamic' lets those load the chunks they need.
 * - `hashes`: pages served from the full-route cache, where a per-request nonce cannot exist.
 *   Each inline script of the cached HTML is allowed by its SHA-256 (lib/platform/page-script-hashes.mjs);
 *   the HTML's <script src> tags and the chunks they load come from 'self'.
 * Never 'unsafe-inline' for scripts, never eval outside development. Only a `selfFramed` answer
 * may be framed, and only by this site's own pages.
 * @param {{ nonce?: string, hashes?: string[], selfFramed?: boolean }} allow
 */
export function contentSecurityPolicy({ nonce, hashes = [], selfFramed = false }) {
  const dev = isProd() ? "" : " 'unsafe-eval'";
  const script = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'${dev}` : ["'self'", ...hashes].join(" ") + dev;
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${isProd() ? "" : " ws:"}`,
    `frame-ancestors ${selfFramed ? "'self'" : "'none'"}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Documents this site's own pages show in a frame: a study's consent form, read in the page
 * before signing. Framed by this origin only; every other answer may not be framed at all.
 */
export const SELF_FRAMED_PREFIX = "/api/study-documents/";
/** @param {string} pathname */
export const isSelfFramed = (pathname) => pathname.startsWith(SELF_FRAMED_PREFIX);

/**
 * Headers every response carries (next.config.mjs applies them to all paths). The CSP is not
 * among them: it differs per page (proxy.ts sets the nonce policy, the cache handler the hash
 * policy), and a second CSP header would be enforced on top of the first.
 */
export function staticSecurityHeaders({ selfFramed = false } = {}) {
  const headers = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
    { key: "X-Frame-Options", value: selfFramed ? "SAMEORIGIN" : "DENY" },
  ];
  if (isProd()) headers.push({ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" });
  return headers;
}
