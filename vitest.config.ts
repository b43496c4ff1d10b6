import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
/** `server-only` throws outside React's server layer; tests import server modules directly. */
const alias = { "@": root, "server-only": `${root}node_modules/server-only/empty.js` };

/**
 * Which project a test file belongs to, read from what it imports, so a new file needs no list:
 * - `http`: calls the API over real HTTP through tests/harness (call, get, post, apiBaseUrl, rawHttp);
 * - `database`: uses the database (useDatabase, server/db/connection, db/client, the harness, the fixture loader);
 * - `unit`: neither.
 */
type Kind = "unit" | "database" | "http";
const USES_DATABASE = /useDatabase|@\/db\/client|server\/db\/connection|db\/migrate|harness"|loadFixture/;
const HTTP_HELPERS = new Set(["call", "get", "post", "apiBaseUrl", "rawHttp"]);

function kindOf(source: string): Kind {
  if (!USES_DATABASE.test(source)) return "unit";
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"[^"]*harness"/g)) {
    const names = (match[1] ?? "").split(",").map((name) => name.trim().split(/\s+as\s+/)[0] ?? "");
    if (names.some((name) => HTTP_HELPERS.has(name))) return "http";
  }
  return "database";
}

// tests/ops runs the compiled server: `npm run test:ops` after `npm run build`.
const testFiles = ["server", "db", "tests"]
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => `${dir}/${file.replaceAll("\\", "/")}`))
  .filter((file) => file.endsWith(".test.ts") && !file.startsWith("tests/ops/"));
const filesOf = (kind: Kind) => testFiles.filter((file) => kindOf(readFileSync(file, "utf8")) === kind);

/**
 * Workers run files in parallel, each on a database of its own (tests/global-setup.ts, tests/setup-env.ts).
 * Database and HTTP files mostly wait on Postgres, so more workers than cores still pay off.
 */
const workers = Math.max(2, availableParallelism());

export default defineConfig({
  resolve: { alias },
  test: {
    // Once for all projects: with Postgres it migrates once and copies one database per worker.
    globalSetup: ["./tests/global-setup.ts"],
    maxWorkers: workers,
    // Projects do not extend this config: they would inherit globalSetup and run it once each.
    projects: (["unit", "database", "http"] as const).map((kind) => ({
      resolve: { alias },
      test: {
        name: kind,
        include: filesOf(kind),
        exclude: [...configDefaults.exclude],
        setupFiles: ["./tests/setup-env.ts"],
        // Files share a module graph per worker (tests/setup-env.ts puts back what a file changes):
        // loading the app's modules again for each file was most of their time. Unit files too: isolated,
        // each started a worker process of its own, which cost more than most of them run.
        isolate: false,
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
