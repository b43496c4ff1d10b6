/**
 * Keys & settings and Webhooks in a real Chromium against the built app (the owner of the fixture):
 *
 * - a named secret key is created, copied with its button (clipboard read back), used by the API and
 *   shown as used; it is rolled with a 1-hour expiry (both keys work), and the new key is revoked
 *   with the confirmation dialog driven by the keyboard only (the API refuses it at once);
 * - an endpoint is created with every event ticked by default; after failing deliveries it is
 *   disabled automatically, the page says why and since when, its delivery shows as paused, and it
 *   is re-enabled through the confirmation dialog;
 * - the paused delivery's own page says so too;
 * - both pages pass axe (no serious or critical violation), are saved as screenshots and fit a 390 px
 *   phone without horizontal scrolling.
 *
 * The fixture's own keys are never rolled or revoked: other spec files use them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, PHONE_VIEWPORT, saveScreenshot } from "./support/axe";
import { API_URL, APP_SECRETS, APP_URL, e2eDatabaseUrl, FIXTURE } from "./support/env";

test.describe.configure({ mode: "serial" });
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

async function signInAsOwner(page: Page): Promise<string> {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(FIXTURE.staff.owner.email);
  await page.locator("input[name=password]").fill(FIXTURE.staff.owner.password);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(`${APP_URL}/dashboard`);
  const href = await page.getByRole("link", { name: new RegExp(FIXTURE.gameName) }).first().getAttribute("href");
  expect(href).toMatch(/^\/games\/[^/]+\/test$/);
  return href as string;
}

/** The status of GET /catalog with this secret key. */
async function catalogStatus(key: string): Promise<number> {
  const response = await fetch(`${API_URL}/catalog`, { headers: { authorization: `Bearer ${key}` } });
  await response.body?.cancel();
  return response.status;
}

const hintOf = (key: string) => `${key.slice(0, 12)}…${key.slice(-4)}`;

async function checkPhone(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Judged loaded, not while the cards still show their loading placeholders.
  await expect(page.getByLabel("Loading", { exact: true })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page, `${name} at 390 px`);
  await saveScreenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("keys: create a named key and copy it, roll it with an expiry, revoke by keyboard", async ({ page }) => {
  const base = await signInAsOwner(page);
  await page.goto(`${base}/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Keys & settings" })).toBeVisible();
  await expect(page.getByTestId("key-row").first()).toBeVisible();
  await expectNoSeriousAxeViolations(page, "settings");
  await saveScreenshot(page, "keys-settings");

  // Create, named, and copy it: the button says so and the clipboard holds the key.
  await page.getByLabel("Name (optional)").fill("E2E build server");
  await page.getByTestId("create-key").click();
  const shown = page.getByTestId("new-key");
  await expect(shown).toContainText("it will not be shown again");
  const key = ((await shown.getByTestId("secret-value").textContent()) ?? "").trim();
  expect(key).toMatch(/^svc_sk_test_/);
  await shown.getByTestId("copy-secret").click();
  await expect(shown.getByTestId("copy-secret")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectNoSeriousAxeViolations(page, "settings with a new key shown");
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await expect(shown).toHaveCount(0);

  const row = page.getByTestId("key-row").filter({ hasText: hintOf(key) });
  await expect(row.getByTestId("key-name")).toHaveText("E2E build server");
  await expect(row).toContainText("by Olga Owner (owner@e2e.test)");
  await expect(row.getByTestId("key-last-used")).toHaveText("Never used");
  expect(await catalogStatus(key)).toBe(200);
  // The use is written in the background; the page shows it once it has landed.
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("key-last-used")).toHaveText(/^Last used \d{1,2} \w{3} \d{4}, \d{2}:\d{2} /, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // Roll with a 1-hour expiry: a new key is shown once, and both keys work until then.
  await row.getByTestId("roll-key").click();
  const dialog = page.getByTestId("roll-key-dialog");
  await expect(dialog).toContainText("keeps working until the time you choose");
  await dialog.getByLabel("The old key stops working").selectOption("1h");
  await dialog.getByTestId("confirm-roll-key").click();
  await expect(dialog).toHaveCount(0);
  const rolledKey = ((await page.getByTestId("new-key").getByTestId("secret-value").textContent()) ?? "").trim();
  expect(rolledKey).toMatch(/^svc_sk_test_/);
  expect(rolledKey).not.toBe(key);
  await expect(row.getByTestId("key-status")).toHaveText("expiring");
  await expect(row.getByTestId("key-expiry")).toContainText("Stops working");
  const rolledRow = page.getByTestId("key-row").filter({ hasText: hintOf(rolledKey) });
  await expect(rolledRow.getByTestId("key-name")).toHaveText("E2E build server");
  expect(await catalogStatus(key)).toBe(200);
  expect(await catalogStatus(rolledKey)).toBe(200);

  // Revoke the new key (still shown in full) with the keyboard only: the dialog opens on Cancel (a danger action), Tab, Enter.
  await rolledRow.getByTestId("revoke-key").focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByTestId("confirm-revoke-key-dialog");
  await expect(confirm).toContainText("Requests signed with this key fail at once with 401");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoSeriousAxeViolations(page, "revoke dialog");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("confirm-revoke-key")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toHaveCount(0);
  await expect(rolledRow.getByTestId("key-status")).toHaveText("revoked");
  // A revoked key is not left on screen in full.
  await expect(page.getByTestId("new-key")).toHaveCount(0);
  await expect(page.getByText(rolledKey)).toHaveCount(0);
  expect(await catalogStatus(rolledKey)).toBe(401);
  expect(await catalogStatus(key)).toBe(200);

  await saveScreenshot(page, "keys-settings-after-roll");
  await checkPhone(page, "keys-settings");
});

// ---------- webhooks ----------

let failing: Server;
let failingUrl = "";
let calls = 0;

test.beforeAll(async () => {
  failing = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      calls += 1;
      response.writeHead(500, { "Content-Type": "text/plain" });
      response.end("receiver is down");
    });
  });
  await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
  failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/e2e-failing-hooks`;
});

test.afterAll(async () => {
  failing.closeAllConnections();
  await new Promise<void>((resolve) => failing.close(() => resolve()));
});

/** Runs the webhook worker now (the e2e app runs with SCHEDULER=off), as a cron service would. */
async function runWebhookWorker(): Promise<void> {
  const response = await fetch(`${APP_URL}/api/cron/webhooks`, { method: "POST", headers: { Authorization: `Bearer ${APP_SECRETS.CRON_SECRET}` } });
  expect(response.status).toBe(200);
}

test("webhooks: all events by default, an automatically disabled endpoint says why and since when, and is re-enabled", async ({ page }) => {
  const base = await signInAsOwner(page);
  await page.goto(`${base}/webhooks`);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  await page.getByTestId("new-endpoint").click();
  for (const type of ["order.fulfilled", "wallet.credited", "order.refunded", "order.chargeback"]) {
    await expect(page.getByTestId(`webhook-event-${type}`)).toBeChecked();
  }
  await page.getByTestId("webhook-url-input").fill(failingUrl);
  await expectNoSeriousAxeViolations(page, "webhooks: new endpoint form");
  await page.getByTestId("create-endpoint").click();
  const secret = page.getByTestId("signing-secret");
  await expect(secret).toContainText("it will not be shown again");
  await expect(secret.getByTestId("secret-value")).toHaveText(/^whsec_svc_/);
  await secret.getByTestId("copy-secret").click();
  await expect(secret.getByTestId("copy-secret")).toHaveText("Copied");
  await secret.getByRole("button", { name: "I have saved it" }).click();

  const row = page.getByTestId("endpoint-row").filter({ hasText: failingUrl });
  await expect(row.getByTestId("endpoint-status")).toHaveText("active");
  // 49 failures already on record (as after a long outage): the next failed delivery disables it.
  const sql = postgres(e2eDatabaseUrl(), { max: 1, onnotice: () => {} });
  try {
    await sql`update webhook_endpoints set consecutive_failures = 49 where url = ${failingUrl}`;
  } finally {
    await sql.end();
  }
  await row.getByTestId("send-test-event").click();
  await expect(row).toContainText("queued");
  await runWebhookWorker();
  expect(calls).toBe(1);

  await page.reload();
  await expect(row.getByTestId("endpoint-status")).toHaveText("disabled");
  await expect(row.getByTestId("endpoint-disabled-reason")).toHaveText(
    /^Disabled automatically after 50 failed deliveries since \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \S+\. No events are sent to it/,
  );
  const delivery = page.getByTestId("delivery-row").filter({ hasText: failingUrl }).first();
  await expect(delivery.getByTestId("delivery-status")).toHaveText("Paused (endpoint disabled)");
  await expect(delivery.getByTestId("delivery-next-attempt")).toHaveText("When the endpoint is re-enabled");
  await expectNoSeriousAxeViolations(page, "webhooks with a disabled endpoint");
  await saveScreenshot(page, "webhooks-disabled");
  await checkPhone(page, "webhooks");

  // The delivery has a page of its own, saying the same.
  await delivery.getByRole("link", { name: /^Open/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook delivery" })).toBeVisible();
  await expect(page.getByTestId("delivery-page-status")).toHaveText("Paused (endpoint disabled)");
  await expect(page.getByTestId("delivery-paused")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "webhook delivery page");
  await saveScreenshot(page, "webhook-delivery");
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoHorizontalOverflow(page);
  // On a phone the JSON body scrolls: it is a named tab stop, and axe finds nothing serious.
  await page.getByRole("region", { name: "Body sent (JSON)" }).focus();
  await expect(page.getByTestId("delivery-body")).toBeFocused();
  await expectNoSeriousAxeViolations(page, "webhook delivery page at 390 px");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("link", { name: "Back to webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  // Re-enable through the confirmation: the reason goes, the count starts again, the delivery is due.
  await row.getByTestId("reenable-endpoint").click();
  const dialog = page.getByTestId("confirm-reenable-endpoint-dialog");
  await expect(dialog).toContainText("paused deliveries are sent again");
  await page.getByTestId("confirm-reenable-endpoint").click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId("endpoint-status")).toHaveText("active");
  await expect(row.getByTestId("endpoint-disabled-reason")).toHaveCount(0);
  await expect(row.getByTestId("endpoint-failures")).toHaveText("0 consecutive failures");
  await expect(delivery.getByTestId("delivery-status")).toHaveText("pending");
  await saveScreenshot(page, "webhooks-reenabled");

  // Leave no failing endpoint behind for other spec files' workers.
  await row.getByTestId("delete-endpoint").click();
  await expect(page.getByTestId("confirm-delete-endpoint-dialog")).toContainText("No more events are sent to this URL");
  await page.getByTestId("confirm-delete-endpoint").click();
  await expect(row).toHaveCount(0);
});
