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
 * Never 'unsafe-inline' for scripts, never eval outside development.
 * @param {{ nonce?: string, hashes?: string[] }} allow
 */
export function contentSecurityPolicy({ nonce, hashes = [] }) {
  const dev = isProd() ? "" : " 'unsafe-eval'";
  const script = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'${dev}` : ["'self'", ...hashes].join(" ") + dev;
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${isProd() ? "" : " ws:"}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Headers every response carries (next.config.mjs applies them to all paths). The CSP is not
 * among them: it differs per page (proxy.ts sets the nonce policy, the cache handler the hash
 * policy), and a second CSP header would be enforced on top of the first.
 */
export function staticSecurityHeaders() {
  const headers = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
    { key: "X-Frame-Options", value: "DENY" },
  ];
  if (isProd()) headers.push({ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" });
  return headers;
}
