/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled; so does
  // geoip-country (its database files are found next to its own code).
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "rate-limiter-flexible", "ioredis", "geoip-country"],
  poweredByHeader: false,
  typedRoutes: false,
  experimental: {
    // Next.js loads every route's bundle when the server starts; each carries its own copy of shared
    // chunks (the payment providers' clients eight times over), about 45 MB an instance that the API,
    // answered by server.ts without Next.js, never uses. Pages load on their first request instead
    // (docs/decisions.md, "Route bundles load on first use").
    preloadEntriesOnStart: false,
  },
};
export default nextConfig;
