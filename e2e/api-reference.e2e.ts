/**
 * The API reference at /docs in a real browser, under the app's strict CSP: the page's only client code
 * (the search box) runs, which it can only do when its scripts carry the request's nonce; the
 * reference has its landmarks, one h1, real column headers and no raw `$ref`; it passes axe's WCAG 2
 * A/AA rules; and on a phone the page never scrolls sideways (only tables and code do, inside
 * their boxes).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { AxeResults } from "axe-core";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DIR, ROOT_DIR } from "./support/env";

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

/** Collects the page's CSP refusals (the browser reports each on the console). */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) found.push(message.text());
  });
  return found;
}

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search the reference" });

test("the reference is complete, searchable and accessible under the strict CSP", async ({ page }) => {
  const refused = cspViolations(page);
  const response = await page.goto("/docs");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
  await expect(page.getByRole("navigation", { name: "Reference contents" })).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Guides", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Webhooks", exact: true })).toBeVisible();

  // Fields are resolved into tables with real column headers, never a `$ref`.
  const wallet = page.locator("#getWallet");
  // Its path parameter first, then the response's fields, then the response's headers (X-Request-Id).
  await expect(wallet.locator("thead th[scope=col]")).toHaveText(["Parameter", "In", "Type", "Rules and notes", "Field", "Type", "Rules and notes", "Parameter", "In", "Type", "Rules and notes"]);
  await expect(wallet.getByRole("rowheader", { name: /^X-Request-Id/ })).toBeVisible();
  await expect(wallet.getByRole("rowheader", { name: /^balances\[\]\.currency/ })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("$ref");
  await expect(page.locator("main")).not.toContainText("#/components/schemas/");

  // Search is client code: it only answers if the page's scripts ran under the nonce.
  await searchBox(page).fill("webhook signature");
  const results = page.getByRole("search").getByRole("link");
  await expect(results.first()).toBeVisible();
  await expect(page.getByRole("search").getByRole("link", { name: /^Webhooks/ })).toBeVisible();
  await page.getByRole("search").getByRole("link", { name: /^Webhooks/ }).click();
  await expect(page).toHaveURL(/#guide-webhooks$/);
  await searchBox(page).fill("grantCurrency");
  await expect(page.getByRole("search").getByRole("link", { name: /\(grantCurrency\)/ })).toBeVisible();
  await searchBox(page).fill("no such thing anywhere");
  await expect(page.getByRole("search")).toContainText("No match.");
  await searchBox(page).fill("");

  // The keyboard's first stop is the skip link, which leads into the reference.
  await page.goto("/docs");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to the reference" })).toBeFocused();

  expect(await accessibilityViolations(page)).toEqual([]);
  expect(refused).toEqual([]);
});

test("on a phone the page does not scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  await page.locator("#createClientCheckout").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(E2E_DIR, "screenshots", "api-reference-phone.png") });
  expect(await accessibilityViolations(page)).toEqual([]);
});
