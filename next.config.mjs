import { fileURLToPath } from "node:url";
import { staticSecurityHeaders } from "./lib/platform/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  // Redis when REDIS_URL is set at run time (several instances share pages and revalidations),
  // Next's in-memory default otherwise; see lib/platform/cache-handler.mjs.
  cacheHandler: fileURLToPath(new URL("./lib/platform/cache-handler.mjs", import.meta.url)),
  // Type-check and lint run as their own steps of `npm test`.
  typescript: { ignoreBuildErrors: true },
  // Read with fs at run time by lib/accounts/password-rules.ts, so copy it into the standalone build.
  // The app's server (scripts/server.mjs, outside the bundle) imports these at run time.
  outputFileTracingIncludes: {
    "/**": [
      "./lib/accounts/common-passwords.txt.gz",
      "./lib/platform/log.mjs",
      "./lib/platform/request-context.mjs",
      "./lib/platform/shutdown.mjs",
      "./lib/platform/db-outage-state.mjs",
      "./lib/platform/security/trusted-proxies.mjs",
    ],
  },
  experimental: {
    // The contact form takes a 10 MB attachment plus the form's other fields.
    serverActions: { bodySizeLimit: "11mb" },
    // proxy.ts buffers request bodies; past this size it would see (and pass on) a truncated one.
    proxyClientMaxBodySize: "11mb",
  },
  async headers() {
    // A study's consent form is shown in a frame on this site's own consent page (and nowhere else).
    return [
      { source: "/((?!api/study-documents/).*)", headers: staticSecurityHeaders() },
      { source: "/api/study-documents/:path*", headers: staticSecurityHeaders({ selfFramed: true }) },
    ];
  },
};

export default nextConfig;
