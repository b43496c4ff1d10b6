/**
 * Every page, signed out and signed in as the owner, on a desktop and on a 390 px phone: axe-core finds
 * no serious or critical violation, nothing scrolls sideways (and on a phone every list row fits the
 * screen: its cells stack into a card instead of a table scrolling inside its card), and a screenshot of each is saved as
 * e2e/screenshots/a11y-<page>-<viewport>.png (CI lists them). Pages load their data first (network idle),
 * so the check covers what a studio actually sees, not a spinner.
 */
import { expect, test, type Page } from "@playwright/test";
import { ApiClient, uniquePlayerRef } from "./support/api";
import { PHONE_VIEWPORT, expectListsFit, expectNoHorizontalOverflow, expectNoSeriousAxeViolations, saveScreenshot } from "./support/axe";
import { fixtureGameBase, signInAs } from "./support/dashboard";
import { FIXTURE } from "./support/env";

test.describe.configure({ mode: "serial" });

const api = new ApiClient();
const viewports = { desktop: { width: 1280, height: 900 }, phone: PHONE_VIEWPORT } as const;

type Sample = { payPaths: Record<"en" | "fr" | "nl", string>; orderId: string; playerId: string };
let sample: Sample | null = null;

/** One pending checkout (its payment page) and one paid order (order and player pages). */
async function samples(): Promise<Sample> {
  if (sample) return sample;
  const payPaths = { en: "", fr: "", nl: "" };
  for (const locale of ["en", "fr", "nl"] as const) {
    const pending = await api.createCheckout(uniquePlayerRef("a11y"), { packSku: FIXTURE.packs.chest, country: "FR", locale });
    payPaths[locale] = new URL(pending.checkoutUrl).pathname;
  }
  const paid = await api.createCheckout(uniquePlayerRef("a11y-paid"), { packSku: FIXTURE.packs.chest, country: "FR", locale: "en" });
  await api.expect(200, "POST", `/test-helpers/orders/${paid.order.id}/pay`);
  sample = { payPaths, orderId: paid.order.id, playerId: paid.order.playerId };
  return sample;
}

/** `lists: false` for reference pages whose wide tables are documentation, not lists of records. */
async function check(page: Page, path: string, name: string, options: { fullPage?: boolean; lists?: boolean } = {}): Promise<void> {
  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("main")).toHaveCount(1);
    await expectNoSeriousAxeViolations(page, `${name} (${label})`);
    await expectNoHorizontalOverflow(page);
    if (label === "phone" && options.lists !== false) await expectListsFit(page);
    await saveScreenshot(page, `a11y-${name}-${label}`, options);
  }
}

test("signed out: sign-in, API reference, an invalid invitation, password reset, payment pages in three languages, not found", async ({ page }) => {
  // Eleven pages, each checked at three widths with axe; the first request of each page reads its bundle.
  test.setTimeout(360_000);
  const { payPaths } = await samples();
  await check(page, "/login", "login");
  await check(page, "/docs", "api-docs", { fullPage: false, lists: false });
  await check(page, "/invite/not-a-real-invitation-token", "invite-invalid");
  await check(page, "/forgot-password", "forgot-password");
  await check(page, "/reset-password/not-a-real-reset-token", "reset-password-invalid");
  for (const [locale, path] of Object.entries(payPaths)) await check(page, path, `pay-${locale}`);
  await check(page, "/pay/not-a-real-checkout-token", "pay-not-found");
  await check(page, "/no-such-page", "not-found");
});

test("signed in as the owner: every dashboard page in test and live", async ({ page }) => {
  test.setTimeout(420_000);
  const { orderId, playerId } = await samples();
  await signInAs(page, "owner");
  await check(page, "/dashboard", "games");
  await check(page, "/members", "members");
  await check(page, "/audit", "audit");
  for (const env of ["test", "live"] as const) {
    const base = await fixtureGameBase(page, env);
    for (const section of ["", "catalog", "players", "orders", "revenue", "gift-codes", "creator-codes", "webhooks", "settings"]) {
      await check(page, section ? `${base}/${section}` : base, `${env}-${section || "overview"}`);
    }
  }
  const testBase = await fixtureGameBase(page, "test");
  await check(page, `${testBase}/players/${playerId}`, "test-player");
  await check(page, `${testBase}/orders/${orderId}`, "test-order");
});
