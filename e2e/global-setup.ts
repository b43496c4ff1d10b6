/**
 * Once per `npm run test:e2e`: a fresh Postgres database seeded with e2e/fixtures/e2e.json, the local
 * Stripe-compatible server (support/stripe.ts), and the built app started on both (STRIPE_API_BASE).
 * The function it returns is Playwright's teardown: stop the app and the Stripe server, drop the
 * database. Tests find the app at APP_URL (support/env.ts) and the Stripe server at E2E_STRIPE_URL.
 */
import path from "node:path";
import { startAppServer, type AppServer } from "./support/app-server";
import { createE2eDatabase, seedDatabase, type E2eDatabase } from "./support/database";
import { ROOT_DIR } from "./support/env";
import { MOLLIE_FIXTURE_FILE, startE2eMollie } from "./support/mollie";
import { startE2eStripe } from "./support/stripe";
import type { MollieServer } from "../tests/support/mollie-server";
import type { StripeServer } from "../tests/support/stripe-server";

export default async function globalSetup(): Promise<() => Promise<void>> {
  let database: E2eDatabase | null = null;
  let server: AppServer | null = null;
  let stripe: StripeServer | null = null;
  let mollie: MollieServer | null = null;
  const teardown = async () => {
    await server?.stop().catch((error: unknown) => console.error("[e2e] stopping the app failed:", error));
    server = null;
    await stripe?.close().catch((error: unknown) => console.error("[e2e] stopping the Stripe server failed:", error));
    stripe = null;
    await mollie?.close().catch((error: unknown) => console.error("[e2e] stopping the Mollie server failed:", error));
    mollie = null;
    await database?.drop().catch((error: unknown) => console.error("[e2e] dropping the database failed:", error));
    database = null;
  };
  try {
    database = await createE2eDatabase();
    console.log(`[e2e] database ${database.name ?? database.url}`);
    await seedDatabase(database.url);
    stripe = await startE2eStripe();
    console.log(`[e2e] stripe ${stripe.url}`);
    process.env.E2E_STRIPE_URL = stripe.url;
    // A second studio whose game sells through Mollie (mollie-checkout.e2e.ts).
    await seedDatabase(database.url, MOLLIE_FIXTURE_FILE);
    mollie = await startE2eMollie();
    console.log(`[e2e] mollie ${mollie.url}`);
    process.env.E2E_MOLLIE_URL = mollie.url;
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
