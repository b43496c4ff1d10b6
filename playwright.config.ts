import { defineConfig } from "@playwright/test";
import { APP_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/env";

/**
 * End-to-end tests in the Debian Chromium (/usr/bin/chromium, never a downloaded browser) against the
 * built app: `npm run build && npm run test:e2e`. The global setup creates and seeds a Postgres
 * database and starts the built app (`npm start`) on it; see e2e/README.md.
 */
export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.e2e.ts",
  // The as-deployed lane has its own config and setup (playwright.deployed.config.ts).
  testIgnore: "deployed/**",
  outputDir: "./test-results",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: APP_URL,
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: "en-US",
    screenshot: "on",
    trace: "retain-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
});
