/**
 * Once per `npm run test:e2e`: a fresh Postgres database seeded with e2e/fixtures/e2e.json, and the
 * built app started on it. The function it returns is Playwright's teardown: stop the app, drop the
 * database. Tests find the app at APP_URL (support/env.ts).
 */
import path from "node:path";
import { startAppServer, type AppServer } from "./support/app-server";
import { createE2eDatabase, seedDatabase, type E2eDatabase } from "./support/database";
import { ROOT_DIR } from "./support/env";

export default async function globalSetup(): Promise<() => Promise<void>> {
  let database: E2eDatabase | null = null;
  let server: AppServer | null = null;
  const teardown = async () => {
    await server?.stop().catch((error: unknown) => console.error("[e2e] stopping the app failed:", error));
    server = null;
    await database?.drop().catch((error: unknown) => console.error("[e2e] dropping the database failed:", error));
    database = null;
  };
  try {
    database = await createE2eDatabase();
    console.log(`[e2e] database ${database.name ?? database.url}`);
    await seedDatabase(database.url);
    server = await startAppServer({ databaseUrl: database.url, logDir: path.join(ROOT_DIR, "test-results") });
    console.log(`[e2e] app ${server.url} (log ${path.relative(ROOT_DIR, server.logFile)})`);
    process.env.E2E_RUN_DATABASE_URL = database.url;
  } catch (error) {
    await teardown();
    throw error;
  }
  // Playwright runs this on the way out, Ctrl-C included.
  return teardown;
}
