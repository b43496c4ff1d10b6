import { afterAll } from "vitest";
import { TEST_PASSWORD_HASH_COST } from "./support/password-cost";
import { workerDatabaseUrl } from "./worker-databases";

// Runs in every test worker before each test file: embedded in-memory database unless DATABASE_URL is set.
if (process.env.DATABASE_URL) {
  // The run's database is the template; this worker uses its own copy (tests/global-setup.ts made it).
  // The base is kept aside so a worker that runs several files derives the same name every time.
  process.env.TEST_BASE_DATABASE_URL ??= process.env.DATABASE_URL;
  process.env.DATABASE_URL = workerDatabaseUrl(process.env.TEST_BASE_DATABASE_URL, Number(process.env.VITEST_POOL_ID ?? "1"));
} else {
  process.env.PGLITE_DATA_DIR = "memory://";
}
process.env.SCHEDULER = "off";
// One JSON line per request would bury the test output; tests that read the log capture it (captureLogsForTests).
process.env.LOG_LEVEL ??= "warn";
// The per-key limit is tested on its own; other tests must not trip over it.
process.env.SERVER_RATE_LIMIT_PER_MINUTE ??= "1000000";
process.env.PUBLIC_URL ??= "http://localhost:3000";

// Thousands of password and player-secret hashes and checks: at the production cost they were a large
// part of the run. Set again for every file, so a file that reloads the modules gets it too.
const { setPasswordHashCostForTests } = await import("@/server/lib/passwords");
setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);

/*
 * The http project runs its files in one module graph per worker (isolate: false, far faster): what a
 * file changes in the environment, the parsed config, the clock or the id generator is put back when it ends, so the next
 * file in the worker starts as if alone.
 */
const environmentAtStart = { ...process.env };
afterAll(async () => {
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name];
  Object.assign(process.env, environmentAtStart);
  const { resetConfigForTests } = await import("@/server/lib/config");
  const { clock } = await import("@/server/lib/clock");
  const { resetIdsForTests } = await import("@/server/lib/ids");
  resetConfigForTests();
  clock.reset();
  resetIdsForTests();
});
