/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled; so does
  // geoip-country (its database files are found next to its own code).
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "rate-limiter-flexible", "ioredis", "geoip-country"],
  poweredByHeader: false,
  typedRoutes: false,
};
export default nextConfig;
