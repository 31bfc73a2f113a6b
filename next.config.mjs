/** @type {import('next').NextConfig} */
const nextConfig = {
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // Type-check and lint run as their own steps of `npm test`.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
