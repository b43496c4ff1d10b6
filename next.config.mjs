/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "rate-limiter-flexible", "ioredis"],
  poweredByHeader: false,
  typedRoutes: false,
};
export default nextConfig;
