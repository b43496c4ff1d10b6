/**
 * The studio dashboard in a real Chromium against the built app:
 *
 * - first run on an EMPTY database (a second app instance, its own database): /dashboard sends to
 *   /setup, the owner is created and signs in, and /setup is gone for good;
 * - on the seeded app: sign-in, a webhook endpoint to a local receiver with its delivery in the log,
 *   a catalog item and pack made in the Catalog page, a checkout of that pack paid on the hosted page,
 *   the order found in Orders, refunded through the confirmation dialog, and the debt on the player's
 *   page (the coins were spent first); gift codes issued in the dashboard and one redeemed through the
 *   API; the remaining pages render;
 * - a viewer sees no Refund button, and the refund mutation called directly answers FORBIDDEN.
 *
 * Every main page is saved as e2e/screenshots/dashboard-<page>.png (CI lists them).
 * The tests run in order and share the studio's state (serial mode).
 */
import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ApiClient, playerSegment, uniquePlayerRef, type Order } from "./support/api";
import { startAppServer } from "./support/app-server";
import { createE2eDatabase } from "./support/database";
import { APP_SECRETS, APP_URL, E2E_DIR, FIXTURE, ROOT_DIR, SETUP_APP_PORT } from "./support/env";

type Role = keyof typeof FIXTURE.staff;

const api = new ApiClient();

test.describe.configure({ mode: "serial" });

// ---------- helpers ----------

function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: path.join(E2E_DIR, "screenshots", `dashboard-${name}.png`), fullPage: true });
}

/** Signs in at `${origin}/login` with the form, and waits for the games page. */
async function signInWith(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(password);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(`${origin}/dashboard`);
}

async function signIn(page: Page, role: Role): Promise<void> {
  await signInWith(page, APP_URL, FIXTURE.staff[role].email, FIXTURE.staff[role].password);
  await expect(page.getByTestId("role")).toHaveText(role);
}

let gameBase: string | null = null;
/** `/games/<id>/test` of the fixture's game, read from the games page (the browser must be signed in). */
async function testEnvBase(page: Page): Promise<string> {
  if (gameBase) return gameBase;
  await page.goto("/dashboard");
  const href = await page.getByRole("link", { name: new RegExp(FIXTURE.gameName) }).getAttribute("href");
  expect(href).toMatch(/^\/games\/[^/]+\/test$/);
  gameBase = href;
  return href as string;
}
const gameIdOf = (base: string) => base.split("/")[2] as string;

async function withContext<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: APP_URL, locale: "en-US" });
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Runs the webhook worker now (the e2e app runs with SCHEDULER=off), as a cron service would. */
async function runWebhookWorker(): Promise<void> {
  const response = await fetch(`${APP_URL}/api/cron/webhooks`, { method: "POST", headers: { Authorization: `Bearer ${APP_SECRETS.CRON_SECRET}` } });
  expect(response.status, await response.text()).toBe(200);
}

/** A paid (fulfilled) order of the fixture's chest, through the API and the sandbox pay helper. */
async function paidChest(ref: string = uniquePlayerRef("dash")): Promise<Order> {
  const { order } = await api.createCheckout(ref, { packSku: FIXTURE.packs.chest, country: "FR", locale: "en" });
  await api.expect(200, "POST", `/test-helpers/orders/${order.id}/pay`);
  return api.getOrder(order.id);
}

// ---------- a webhook receiver on 127.0.0.1 ----------

type Received = { path: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: Server;
let receiverUrl = "";

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/gamecoin-hooks`;
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const eventsOfType = (type: string) => received.filter((r) => (JSON.parse(r.body) as { type?: string }).type === type);

// ---------- shared state of the serial run ----------

let signingSecret = "";
const sale = {
  itemSku: `e2e-banner-${randomUUID().slice(0, 6)}`,
  packSku: `e2e-pack-${randomUUID().slice(0, 6)}`,
  ref: uniquePlayerRef("buyer"),
  orderId: "",
  playerPath: "",
};

// ---------- first run ----------

test("first run on an empty database: /dashboard → /setup, the owner is created and signs in, /setup is gone", async ({ browser }) => {
  test.setTimeout(180_000);
  const database = await createE2eDatabase({ label: "setup" });
  try {
    // The fixture has staff, so first run needs an app of its own, on a database nobody seeded.
    const server = await startAppServer({ databaseUrl: database.url, logDir: path.join(ROOT_DIR, "test-results"), port: SETUP_APP_PORT });
    try {
      const origin = server.url;
      const owner = { studio: "First Run Studio", name: "Fiona First", email: "fiona@first-run.test", password: "first run password 1" };
      await withContext(browser, async (page) => {
        await page.goto(`${origin}/dashboard`);
        await expect(page).toHaveURL(`${origin}/setup`);
        // Nobody to sign in yet: the login page sends to setup as well.
        await page.goto(`${origin}/login`);
        await expect(page).toHaveURL(`${origin}/setup`);
        await expect(page.getByText("Welcome to Gamecoin")).toBeVisible();
        await screenshot(page, "setup");

        const fillSetup = async (password: string) => {
          await page.getByLabel("Studio name").fill(owner.studio);
          await page.getByLabel("Your name").fill(owner.name);
          await page.getByLabel("E-mail").fill(owner.email);
          await page.getByLabel("Password").fill(password);
          await page.getByRole("button", { name: "Create the owner account" }).click();
        };
        // A password that is too short is refused with its field error, and nothing is created.
        await fillSetup("short");
        await expect(page.getByRole("alert").first()).toBeVisible();
        await expect(page).toHaveURL(`${origin}/setup`);

        // Nothing was created: setup is still there (a fresh form, so no late reset of the refused one interferes).
        await page.goto(`${origin}/setup`);
        await expect(page).toHaveURL(`${origin}/setup`);
        await fillSetup(owner.password);
        await expect(page).toHaveURL(`${origin}/login?created=1`);

        await signInWith(page, origin, owner.email, owner.password);
        await expect(page.getByTestId("role")).toHaveText("owner");
        await expect(page.getByText(owner.name)).toBeVisible();

        // Signed in, /setup leads on (through /login) to the dashboard.
        await page.goto(`${origin}/setup`);
        await expect(page).toHaveURL(`${origin}/dashboard`);
      });

      // Signed out, /setup is now the sign-in page.
      await withContext(browser, async (page) => {
        const response = await page.request.get(`${origin}/setup`, { maxRedirects: 0 });
        expect(response.status()).toBeGreaterThanOrEqual(300);
        expect(response.status()).toBeLessThan(400);
        expect(new URL(response.headers()["location"] ?? "", origin).pathname).toBe("/login");
        await page.goto(`${origin}/setup`);
        await expect(page).toHaveURL(`${origin}/login`);
        await expect(page.locator("input[name=email]")).toBeVisible();
      });
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
});

// ---------- sign-in ----------

test("sign in: a wrong password is refused, the owner sees the games", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
  await page.locator("input[name=email]").fill(FIXTURE.staff.owner.email);
  await page.locator("input[name=password]").fill("not the password");
  await page.locator("form button[type=submit]").click();
  await expect(page.getByText("Wrong e-mail or password.")).toBeVisible();
  await screenshot(page, "login");

  await signIn(page, "owner");
  await expect(page.getByRole("link", { name: new RegExp(FIXTURE.gameName) })).toBeVisible();
  await screenshot(page, "games");
});

// ---------- webhooks ----------

test("webhooks: an endpoint to a local receiver gets the signed test event, and the log shows it delivered", async ({ page }) => {
  await signIn(page, "owner");
  const base = await testEnvBase(page);
  await page.goto(`${base}/webhooks`);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  await page.getByTestId("new-endpoint").click();
  await page.getByTestId("webhook-url-input").fill(receiverUrl);
  await expect(page.getByTestId("webhook-event-order.fulfilled")).toBeChecked();
  await page.getByTestId("webhook-event-order.refunded").check();
  await page.getByTestId("create-endpoint").click();

  // The signing secret is shown once.
  const secret = page.getByTestId("signing-secret").getByTestId("secret-value");
  await expect(secret).toHaveText(/^whsec_svc_/);
  signingSecret = (await secret.textContent())?.trim() ?? "";
  const row = page.getByTestId("endpoint-row").filter({ hasText: receiverUrl });
  await expect(row.getByTestId("endpoint-status")).toHaveText("active");

  await row.getByTestId("send-test-event").click();
  const delivery = page.getByTestId("delivery-row").first();
  await expect(delivery.getByTestId("delivery-status")).toHaveText(/pending|succeeded/);

  await runWebhookWorker();
  await expect.poll(() => eventsOfType("webhook.test").length).toBe(1);
  const [testEvent] = eventsOfType("webhook.test");
  expect(testEvent?.path).toBe("/gamecoin-hooks");
  // Signed with the secret the page showed: t=<seconds>,v1=HMAC-SHA256(secret, "<t>.<body>").
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(testEvent?.headers["service-signature"]));
  expect(match).not.toBeNull();
  expect(createHmac("sha256", signingSecret).update(`${match?.[1]}.${testEvent?.body}`).digest("hex")).toBe(match?.[2]);

  // The log follows the worker on its own while a delivery is pending.
  await expect(delivery.getByTestId("delivery-status")).toHaveText("succeeded", { timeout: 15_000 });
  await expect(delivery.getByTestId("delivery-status-code")).toHaveText("200");
  await expect(delivery.getByTestId("delivery-excerpt")).toHaveText("thanks");
  await page.getByTestId("signing-secret").getByRole("button", { name: "I have saved it" }).click();
  await screenshot(page, "webhooks");
});

// ---------- a sale, from the catalog to the refund ----------

test("catalog: an item and a pack made in the Catalog page", async ({ page }) => {
  await signIn(page, "owner");
  const base = await testEnvBase(page);
  await page.goto(`${base}/catalog`);
  await expect(page.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();
  await expect(page.getByTestId("pack-row").filter({ hasText: "Crystal Chest" })).toBeVisible();

  // An item granted only (no coin price), active.
  await page.getByTestId("catalog-tab-items").click();
  await page.getByTestId("catalog-new").click();
  const itemForm = page.getByTestId("item-form");
  await itemForm.getByLabel("SKU").fill(sale.itemSku);
  await itemForm.getByLabel("Name", { exact: true }).fill("E2E Banner");
  await itemForm.getByLabel("Type").selectOption("durable");
  await itemForm.getByLabel("Sold for coins").uncheck();
  // A new item is a draft unless chosen otherwise, and the form says so where it is submitted.
  await expect(itemForm).toContainText("New items start as drafts.");
  await expect(page.getByTestId("item-submit")).toHaveText("Create item as draft");
  await itemForm.getByLabel("Status").selectOption("active");
  await expect(page.getByTestId("item-submit")).toHaveText("Create item and activate");
  await page.getByTestId("item-submit").click();
  await expect(itemForm).toBeHidden();
  await expect(page.getByTestId("item-row").filter({ hasText: sale.itemSku })).toBeVisible();

  // A 4.99 EUR pack: 500 crystals + 50 bonus and the banner, active.
  await page.getByTestId("catalog-tab-packs").click();
  await page.getByTestId("catalog-new").click();
  const packForm = page.getByTestId("pack-form");
  await packForm.getByLabel("SKU").fill(sale.packSku);
  await packForm.getByLabel("Name", { exact: true }).fill("E2E Banner Pack");
  await page.getByTestId("pack-price").fill("4.99");
  await packForm.getByRole("button", { name: "Add currency" }).click();
  await expect(packForm.getByLabel("Grant 1 currency")).toHaveValue("crystals");
  await packForm.getByLabel("Grant 1 amount").fill("500");
  await packForm.getByLabel("Grant 1 bonus").fill("50");
  await packForm.getByRole("button", { name: "Add item" }).click();
  await packForm.getByLabel("Item 1", { exact: true }).selectOption(sale.itemSku);
  await packForm.getByLabel("Item 1 quantity").fill("1");
  await expect(page.getByTestId("pack-submit")).toHaveText("Create pack as draft");
  await packForm.getByLabel("Status").selectOption("active");
  await expect(page.getByTestId("pack-submit")).toHaveText("Create pack and activate");
  await page.getByTestId("pack-submit").click();
  await expect(packForm).toBeHidden();
  const packRow = page.getByTestId("pack-row").filter({ hasText: sale.packSku });
  await expect(packRow).toBeVisible();
  await expect(packRow).toContainText("E2E Banner Pack");
  await screenshot(page, "catalog");

  // It is in the client catalog now.
  const catalog = await api.expect<{ packs: { sku: string; priceCents: number }[] }>(200, "GET", "/catalog");
  expect(catalog.packs.find((p) => p.sku === sale.packSku)).toMatchObject({ priceCents: 499 });

  // Status changes go through a confirm naming the consequence: draft, then back to active.
  // Both from the row's one action menu.
  await packRow.getByTestId(`row-actions-${sale.packSku}`).click();
  await page.getByTestId(`status-draft-${sale.packSku}`).click();
  await expect(page.getByRole("alertdialog")).toContainText("The pack leaves the test shop until you activate it again: players can no longer buy it.");
  await page.getByTestId(`confirm-status-draft-${sale.packSku}`).click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(packRow).toContainText("draft");
  await packRow.getByTestId(`row-actions-${sale.packSku}`).click();
  await page.getByTestId(`status-active-${sale.packSku}`).click();
  await page.getByTestId(`confirm-status-active-${sale.packSku}`).click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await packRow.getByTestId(`row-actions-${sale.packSku}`).click();
  await expect(page.getByTestId(`status-draft-${sale.packSku}`)).toBeVisible();
  await page.keyboard.press("Escape");
});

test("sale: the pack is paid on the hosted page, found in Orders, refunded, and the player's debt shows", async ({ page }) => {
  // The player buys the new pack (REST checkout, hosted page) and spends most of the crystals.
  const checkout = await api.createCheckout(sale.ref, { packSku: sale.packSku, country: "FR", locale: "en" });
  sale.orderId = checkout.order.id;
  await page.goto(checkout.checkoutUrl);
  await expect(page.getByTestId("pack-name")).toHaveText("E2E Banner Pack");
  await expect(page.getByTestId("total")).toHaveText("€4.99");
  // Every paid pack asks for the consent to immediate delivery, the simulator's too.
  await page.getByTestId("consent").check();
  await page.getByTestId("pay").click();
  await expect(page.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled");
  await api.expect(200, "POST", `/players/${playerSegment(sale.ref)}/wallet/spend`, {
    body: { currency: "crystals", amount: 520, reason: "e2e: spent before the refund" },
    idempotencyKey: true,
  });

  await signIn(page, "owner");
  const base = await testEnvBase(page);

  // Players: the buyer is listed.
  await page.goto(`${base}/players`);
  await expect(page.getByRole("heading", { level: 1, name: "Players" })).toBeVisible();
  await expect(page.getByTestId("player-row").first()).toBeVisible();
  await screenshot(page, "players");
  await page.getByTestId("player-search").fill(sale.ref);
  await page.getByTestId("player-search-submit").click();
  await expect(page.getByTestId("player-row")).toHaveCount(1);
  await expect(page.getByTestId("player-row")).toContainText(sale.ref.slice(4));

  // Orders: the order is in the list; its page shows it fulfilled.
  await page.goto(`${base}/orders`);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  const orderRow = page.getByTestId("order-row").filter({ hasText: sale.orderId });
  await expect(orderRow.getByTestId("order-status")).toHaveText("fulfilled");
  await expect(orderRow).toContainText("E2E Banner Pack");
  await expect(orderRow).toContainText("€4.99");
  await screenshot(page, "orders");
  await orderRow.getByTestId("order-link").click();
  await expect(page).toHaveURL(`${base}/orders/${sale.orderId}`);
  await expect(page.getByTestId("order-id")).toContainText(sale.orderId);
  await expect(page.getByTestId("order-status")).toHaveText("fulfilled");
  await screenshot(page, "order");

  // Refund, through the confirmation dialog (Cancel first: nothing happens).
  await page.getByTestId("refund-order").click();
  const dialog = page.getByRole("alertdialog", { name: "Refund this order?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await api.getOrder(sale.orderId)).status).toBe("fulfilled");
  await page.getByTestId("refund-order").click();
  await expect(dialog).toContainText("€4.99");
  await dialog.getByTestId("refund-reason").fill("e2e: goodwill refund");
  await dialog.getByTestId("confirm-refund").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("order-status")).toHaveText("refunded");
  // The reason is kept with the order (its details, timeline and ledger rows).
  await expect(page.getByRole("definition").filter({ hasText: "e2e: goodwill refund" })).toBeVisible();
  await expect(page.getByTestId("ledger-row").filter({ hasText: "e2e: goodwill refund" }).first()).toBeVisible();
  await expect(page.getByTestId("refund-order")).toHaveCount(0);
  expect((await api.getOrder(sale.orderId)).status).toBe("refunded");
  await screenshot(page, "order-refunded");

  // The player: 550 crystals delivered (500 paid + 50 bonus), 520 spent (bonus first) → 30 paid left.
  // The refund takes back all 550; the bonus bucket is empty, so all of it comes from paid → −520, a debt.
  await page.getByTestId("order-player").click();
  await expect(page).toHaveURL(new RegExp(`${base}/players/[0-9a-f]{24}$`));
  sale.playerPath = new URL(page.url()).pathname;
  const crystals = page.getByTestId("player-balance-crystals");
  await expect(crystals.getByTestId("balance-paid")).toContainText(/[-−]520/);
  await expect(crystals.getByTestId("balance-paid")).toContainText("debt");
  await expect(crystals.getByTestId("balance-bonus")).toHaveText("0");
  await expect(crystals.getByTestId("balance-total")).toHaveText(/^[-−]520$/);
  const clawback = page.getByTestId("ledger-row").filter({ hasText: "refund clawback" });
  await expect(clawback).toHaveCount(1);
  await expect(clawback).toContainText(/[-−]550/);
  await expect(page.getByTestId("ledger-row").filter({ hasText: "purchase credit" })).toHaveCount(1);
  await screenshot(page, "player");

  // The endpoint made earlier got the order's events.
  await runWebhookWorker();
  await expect.poll(() => eventsOfType("order.fulfilled").filter((r) => r.body.includes(sale.orderId)).length).toBe(1);
  await expect.poll(() => eventsOfType("order.refunded").filter((r) => r.body.includes(sale.orderId)).length).toBe(1);
});

// ---------- gift codes ----------

test("gift codes: a batch issued in the dashboard, one code redeemed through the API", async ({ page }) => {
  await signIn(page, "owner");
  const base = await testEnvBase(page);
  await page.goto(`${base}/gift-codes`);
  await expect(page.getByRole("heading", { level: 1, name: "Gift codes" })).toBeVisible();

  await page.getByTestId("gift-code-label").fill("Dashboard e2e");
  await page.getByTestId("gift-code-count").fill("3");
  await page.getByTestId("gift-code-max-uses").fill("1");
  await page.getByTestId("gift-code-grant-crystals").fill("25");
  await page.getByRole("button", { name: "Add an item" }).click();
  await page.getByLabel("Item 1").selectOption("potion");
  await page.getByLabel("Quantity").fill("2");
  await page.getByTestId("create-gift-codes").click();
  const values = page.getByTestId("new-gift-codes").getByTestId("gift-code-value");
  await expect(values).toHaveCount(3);
  const codes = (await values.allTextContents()).map((text) => text.trim());
  const code = codes[0] ?? "";
  expect(code).toMatch(/^[A-Z0-9-]{8,}$/);

  const ref = uniquePlayerRef("gifted");
  const redeemed = await api.expect<{ grants: { currency: string; amount: number; balance: { bonus: number } }[] }>(
    200,
    "POST",
    `/players/${playerSegment(ref)}/codes/redeem`,
    { body: { code }, idempotencyKey: `e2e-redeem-${randomUUID()}` },
  );
  expect(redeemed.grants).toEqual([expect.objectContaining({ currency: "crystals", amount: 25, balance: expect.objectContaining({ bonus: 25 }) })]);
  // Used up: a second player is refused.
  const again = await api.request(`POST`, `/players/${playerSegment(uniquePlayerRef("late"))}/codes/redeem`, { body: { code }, idempotencyKey: true });
  expect(again.status).toBe(400);

  await page.reload();
  await page.getByTestId("gift-code-search").fill(code);
  await page.getByTestId("gift-code-search").press("Enter");
  const row = page.getByTestId("gift-code-row").filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("gift-code-uses")).toHaveText("1 / 1");
  // Items by their catalog name.
  await expect(row).toContainText("25 crystals, 2× Potion");
  await page.getByTestId("gift-code-search").fill("");
  await page.getByTestId("gift-code-search").press("Enter");
  for (const issued of codes) await expect(page.getByTestId("gift-code-row").filter({ hasText: issued })).toHaveCount(1);
  await screenshot(page, "gift-codes");
});

// ---------- the remaining pages ----------

test("the other pages render: overview, revenue, creator codes, keys & settings, members, audit log", async ({ page }) => {
  await signIn(page, "owner");
  const base = await testEnvBase(page);

  await page.goto(base);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("overview-stats")).toBeVisible();
  await screenshot(page, "overview");

  await page.goto(`${base}/revenue`);
  await expect(page.getByRole("heading", { level: 1, name: "Revenue" })).toBeVisible();
  await expect(page.getByTestId("revenue-totals")).toBeVisible();
  await screenshot(page, "revenue");

  await page.goto(`${base}/creator-codes`);
  await expect(page.getByRole("heading", { level: 1, name: "Creator codes" })).toBeVisible();
  await expect(page.getByTestId("creator-code-row").filter({ hasText: "E2ECODE" })).toBeVisible();
  await screenshot(page, "creator-codes");

  await page.goto(`${base}/settings`);
  await expect(page.getByRole("heading", { level: 1, name: /Keys/ })).toBeVisible();
  // Loaded: the fixture's keys, its allowed origins and the game settings form.
  await expect(page.getByTestId("key-row").first()).toBeVisible();
  await expect(page.getByText("http://127.0.0.1:4173").first()).toBeVisible();
  await expect(page.getByText("Game settings (both environments)")).toBeVisible();
  await screenshot(page, "settings");

  await page.goto("/members");
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(page.getByTestId("member-row")).toHaveCount(Object.keys(FIXTURE.staff).length);
  await screenshot(page, "members");

  await page.goto("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(page.getByTestId("audit-row").filter({ hasText: "order.refund" }).first()).toBeVisible();
  await expect(page.getByTestId("audit-row").filter({ hasText: "catalog.pack.create" }).first()).toBeVisible();
  await screenshot(page, "audit");
});

test("the launch time is entered and shown in UTC whatever the browser's time zone", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "America/New_York" });
  const page = await context.newPage();
  try {
    await signIn(page, "owner");
    const base = await testEnvBase(page);
    await page.goto(`${base}/settings`);
    const catalogLaunchAt = async () => (await api.expect<{ launchAt: string | null }>(200, "GET", "/catalog")).launchAt;
    // The API has the key (and the game's settings) cached now; a change in the dashboard must still
    // show at once, well within the cache's 5 s.
    expect(await catalogLaunchAt()).toBeNull();
    const launchAt = page.locator("input[name=launchAt]");
    await launchAt.fill("2030-01-15T10:00");
    const save = page.getByRole("button", { name: "Save settings" });
    // The bound is on the API's cache, not on the save: a loaded machine may take longer to commit.
    const saved = () => page.waitForResponse((r) => r.url().includes("/api/trpc/") && r.request().method() === "POST");
    await Promise.all([saved(), save.click()]);
    await expect.poll(catalogLaunchAt, { timeout: 2_000 }).toBe("2030-01-15T10:00:00.000Z");
    await page.reload();
    await expect(page.locator("input[name=launchAt]")).toHaveValue("2030-01-15T10:00");
    // Back to no launch time, as the fixture has it.
    await page.locator("input[name=launchAt]").fill("");
    await Promise.all([saved(), save.click()]);
    await expect.poll(catalogLaunchAt, { timeout: 2_000 }).toBeNull();
  } finally {
    await context.close();
  }
});

// ---------- a viewer ----------

test("viewer: no Refund button, and the refund mutation called directly answers FORBIDDEN", async ({ page }) => {
  const order = await paidChest();
  expect(order.status).toBe("fulfilled");
  await signIn(page, "viewer");
  const base = await testEnvBase(page);

  await page.goto(`${base}/orders/${order.id}`);
  await expect(page.getByTestId("order-status")).toHaveText("fulfilled");
  await expect(page.getByTestId("order-id")).toContainText(order.id);
  await expect(page.getByTestId("refund-order")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Refund" })).toHaveCount(0);
  await expect(page.getByTestId("sandbox-actions")).toHaveCount(0);

  // The server decides, whatever the page shows: the same call the Refund button makes, with the viewer's cookies.
  const response = await page.request.post("/api/trpc/orders.refund", {
    headers: { "content-type": "application/json" },
    data: { json: { gameId: gameIdOf(base), env: "test", orderId: order.id, reason: "viewer tries" } },
  });
  expect(response.status()).toBe(403);
  const body = (await response.json()) as { error?: { json?: { data?: { code?: string } } } };
  expect(body.error?.json?.data?.code).toBe("FORBIDDEN");
  expect((await api.getOrder(order.id)).status).toBe("fulfilled");

  // The same call as support is allowed (the button's rule is the server's).
  await withContext(page.context().browser() as Browser, async (support) => {
    await signIn(support, "support");
    const allowed = await support.request.post("/api/trpc/orders.refund", {
      headers: { "content-type": "application/json" },
      data: { json: { gameId: gameIdOf(base), env: "test", orderId: order.id, reason: "support refunds" } },
    });
    expect(allowed.status(), await allowed.text()).toBe(200);
  });
  expect((await api.getOrder(order.id)).status).toBe("refunded");
});
