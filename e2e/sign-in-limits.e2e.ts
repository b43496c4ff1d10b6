/**
 * Staff sign-in brute-force limit in a real browser against the built app: ten wrong passwords for one
 * account, then the right one is refused, and the sign-in page says so and when to try again, in an
 * alert that passes axe's WCAG 2 A/AA rules.
 *
 * Uses its own fixture account (lockout@e2e.test in e2e/fixtures/e2e.json), which stays locked for 15
 * minutes, so no other test may sign in with it. The ten failures also count against the address the
 * browser signs in from (127.0.0.1, 30 failures per 15 minutes for the whole run).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { AxeResults } from "axe-core";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DIR, ROOT_DIR } from "./support/env";

/** Keep in step with e2e/fixtures/e2e.json. */
const LOCKOUT_ACCOUNT = { email: "lockout@e2e.test", password: "e2e password lockout" };

/** Runs axe-core in the page (evaluated over the DevTools protocol, so the page's CSP does not block it). */
async function accessibilityViolations(page: Page): Promise<AxeResults["violations"]> {
  await page.evaluate(readFileSync(path.join(ROOT_DIR, "node_modules", "axe-core", "axe.min.js"), "utf8"));
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    }),
  );
  return results.violations;
}

/** The form's error banner (Next.js's route announcer is an alert too, outside the form). */
const banner = (page: Page) => page.locator("form").getByRole("alert");

/** Submits the sign-in form once and waits for next-auth's answer. */
async function submit(page: Page, password: string): Promise<void> {
  await page.locator("input[name=email]").fill(LOCKOUT_ACCOUNT.email);
  await page.locator("input[name=password]").fill(password);
  const answered = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await answered;
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
}

test("ten wrong passwords lock the account: the right one is refused and the page says when to try again", async ({ page }) => {
  await page.goto("/login");
  for (let i = 1; i <= 10; i++) {
    await submit(page, `wrong password ${i}`);
    await expect(banner(page)).toHaveText("Wrong e-mail or password.");
  }

  await submit(page, LOCKOUT_ACCOUNT.password);
  // The window started at the first failure, a few seconds ago: the wait is rounded up to whole minutes.
  await expect(banner(page)).toHaveText(/^Too many failed sign-ins\. Try again in 1[45] minutes\.$/);
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: path.join(E2E_DIR, "screenshots", "sign-in-locked.png"), fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Still refused on a fresh page: the lock is on the server, not in the form.
  await page.goto("/login");
  await submit(page, LOCKOUT_ACCOUNT.password);
  await expect(banner(page)).toHaveText(/^Too many failed sign-ins\. Try again in 1[45] minutes\.$/);
});
