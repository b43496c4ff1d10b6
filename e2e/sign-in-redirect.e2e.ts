import { expect, test } from "@playwright/test";
import { APP_URL, FIXTURE } from "./support/env";

/**
 * After signing in, a member lands on a page of this app only. Each `callbackUrl` below passed the old
 * "starts with one slash" check, and the browser then read it as another origin (`/\host` is `//host`,
 * a tab or newline is dropped from a URL).
 */
const OFF_SITE = ["/%5Cevil.example/steal", "/%09/evil.example/steal", "/%0A/evil.example/steal", "/%5C/evil.example/steal", "https://evil.example/steal", "//evil.example/steal"];

for (const raw of OFF_SITE) {
  test(`sign-in with callbackUrl=${raw} stays on the app's own origin`, async ({ page }) => {
    await page.goto(`/login?callbackUrl=${raw}`);
    await page.locator("input[name=email]").fill(FIXTURE.staff.viewer.email);
    await page.locator("input[name=password]").fill(FIXTURE.staff.viewer.password);
    await page.locator("form button[type=submit]").click();
    await expect(page).toHaveURL(`${APP_URL}/dashboard`);
  });
}

test("sign-in keeps a local callbackUrl's path and query", async ({ page }) => {
  await page.goto(`/login?callbackUrl=${encodeURIComponent("/dashboard?from=link")}`);
  await page.locator("input[name=email]").fill(FIXTURE.staff.viewer.email);
  await page.locator("input[name=password]").fill(FIXTURE.staff.viewer.password);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(`${APP_URL}/dashboard?from=link`);
});
