/**
 * Fixed facts of the e2e run, shared by the Playwright config, the global setup and the tests.
 * Everything can be moved by an environment variable so a busy machine can still run the suite.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ROOT_DIR = path.resolve(E2E_DIR, "..");

/** Port of the built app under test (`next start`). */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Origin of the app: also its PUBLIC_URL, so checkout URLs point here. */
export const APP_URL = `http://localhost:${APP_PORT}`;
export const API_URL = `${APP_URL}/api/v1`;
/** Port of the second app instance that dashboard.e2e.ts starts on an empty database (first-run setup). */
export const SETUP_APP_PORT = Number(process.env.E2E_SETUP_PORT ?? 3101);

/** Postgres server used to create (and drop) the run's database. */
export const PG_ADMIN_URL = process.env.E2E_PG_ADMIN_URL ?? process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The Debian Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-quic",
  "--no-first-run",
  "--disable-sync",
];

/** The fixture loaded by the global setup, and the facts tests rely on (keep both in step). */
export const FIXTURE_FILE = path.join(E2E_DIR, "fixtures", "e2e.json");
export const FIXTURE = {
  gameName: "E2E Quest",
  gameSlug: "e2e-game",
  testSecretKey: "svc_sk_test_e2e_00000000000000000000000",
  testPublishableKey: "svc_pk_test_e2e_00000000000000000000000",
  packs: { chest: "crystal-chest", free: "free-gift", founder: "founder-pack" },
  /** The live environment sells through Stripe (the run's local Stripe server, support/stripe.ts). */
  live: {
    secretKey: "svc_sk_live_e2e_00000000000000000000000",
    stripeSecretKey: "sk_live_e2eMockAccount0000000000",
    stripeWebhookSecret: "whsec_e2eMockWebhookSecret000000",
    /** The game page's origin: a live checkout without successUrl posts gamecoin:order to it. */
    allowedOrigins: ["http://127.0.0.1:4173"],
  },
  staff: {
    owner: { email: "owner@e2e.test", password: "e2e password owner" },
    admin: { email: "admin@e2e.test", password: "e2e password admin" },
    developer: { email: "developer@e2e.test", password: "e2e password developer" },
    support: { email: "support@e2e.test", password: "e2e password support" },
    viewer: { email: "viewer@e2e.test", password: "e2e password viewer" },
    // Locked out on purpose by e2e/sign-in-limits.e2e.ts; no other test signs in with it.
    lockout: { email: "lockout@e2e.test", password: "e2e password lockout" },
    // Changes its password in e2e/password-reset.e2e.ts; no other test signs in with it.
    reset: { email: "reset@e2e.test", password: "e2e password reset" },
  },
} as const;

/** Secrets the app is started with (fixed: they are for this throwaway server only). */
export const APP_SECRETS = {
  AUTH_SECRET: "e2e-auth-secret-0000000000000000000000000000",
  CRON_SECRET: "e2e-cron-secret-00000000000000000000",
};

/** Written by the global setup for the test workers (they inherit the runner's environment). */
export function e2eDatabaseUrl(): string {
  const url = process.env.E2E_RUN_DATABASE_URL;
  if (!url) throw new Error("E2E_RUN_DATABASE_URL is not set: the tests must run under the e2e global setup (npm run test:e2e).");
  return url;
}
