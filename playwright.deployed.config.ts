import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/env";
import { laneChromiumArgs, PUBLIC_URL } from "./e2e/deployed/support/env";

/**
 * The as-deployed lane (`npm run build && npm run test:e2e:deployed`): two `npm start` instances behind
 * nginx with TLS on https://pay.gamecoin.test:8443, PgBouncer in transaction mode, shared Redis; see
 * e2e/deployed/global-setup.ts and e2e/README.md. Chromium maps the public name to 127.0.0.1 and
 * trusts the lane's certificate by its public key (the global setup makes it; workers read it from
 * the environment the setup leaves them, as they load this file after it ran).
 */
export default defineConfig({
  testDir: "./e2e/deployed",
  testMatch: "**/*.e2e.ts",
  outputDir: "./test-results/deployed-results",
  globalSetup: "./e2e/deployed/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: PUBLIC_URL,
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...laneChromiumArgs()] },
    locale: "en-US",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
});
