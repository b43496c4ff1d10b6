import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:ops`: tests that start the compiled server (`npm start`) as deployed; they need
 * `npm run build` first and a Postgres server (PG_ADMIN_URL). Files run one after another: each starts
 * its own server processes on its own ports.
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  // server-only throws outside React's server layer; these tests import server modules directly.
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("../..", import.meta.url)),
      "server-only": fileURLToPath(new URL("../../node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: ["tests/ops/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
