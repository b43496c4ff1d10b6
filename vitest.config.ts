import { configDefaults, defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["server/**/*.test.ts", "db/**/*.test.ts", "tests/**/*.test.ts"],
    // tests/ops runs the compiled server: `npm run test:ops` after `npm run build`.
    exclude: [...configDefaults.exclude, "tests/ops/**"],
    globalSetup: ["./tests/global-setup.ts"],
    setupFiles: ["./tests/setup-env.ts"],
    // One database per run, shared by the files: files run one after another so PGlite (single connection) works too.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
