// Response security headers, in plain JS so next.config.mjs and proxy.ts share one home.

const isProd = () => process.env.NODE_ENV === "production";

/**
 * Pages rendered per request (signed-in areas, API) get a nonce-based script policy: Next applies
 * the nonce to its own scripts. Public pages are served from the full-route cache, where a
 * per-request nonce cannot exist, so their policy allows the framework's inline bootstrap
 * scripts from this origin instead — never eval, never another origin.
 * @param {string | null} nonce
 */
export function contentSecurityPolicy(nonce) {
  const dev = isProd() ? "" : " 'unsafe-eval'";
  const script = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'${dev}` : `'self' 'unsafe-inline'${dev}`;
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

/** Headers every response carries (next.config.mjs applies them to all paths). */
export function staticSecurityHeaders() {
  const headers = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Content-Security-Policy", value: contentSecurityPolicy(null) },
  ];
  if (isProd()) headers.push({ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" });
  return headers;
}
