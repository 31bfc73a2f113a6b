/** @type {import('next').NextConfig} */
const nextConfig = {
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // Type-check and lint run as their own steps of `npm test`.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // The contact form takes a 10 MB attachment (001 §9) plus the form's other fields.
    serverActions: { bodySizeLimit: "11mb" },
    // proxy.ts buffers request bodies; past this size it would see (and pass on) a truncated one.
    proxyClientMaxBodySize: "11mb",
  },
};

export default nextConfig;
