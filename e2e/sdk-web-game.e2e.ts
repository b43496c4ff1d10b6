/**
 * The example web game (examples/web-game/) in Chromium, on the SDK's browser build: an anonymous
 * player opens the shop, buys the Crystal Chest through buyPack (the payment window opens from the
 * click, the simulator's Pay button pays), and the wallet on the game page updates from the
 * gamecoin:order message.
 */
import { execFile } from "node:child_process";
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { ApiClient } from "./support/api";
import { API_URL, APP_URL, FIXTURE, ROOT_DIR } from "./support/env";

const EXAMPLE_DIR = path.join(ROOT_DIR, "examples", "web-game");
const SDK_DIST = path.join(ROOT_DIR, "sdk", "dist");
const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };

let server: Server;
let gameOrigin: string;

/** What examples/web-game/serve.mjs serves: the page, and the SDK's dist/ under /sdk/. */
function fileFor(urlPath: string): string | null {
  const [root, rest] = urlPath.startsWith("/sdk/") ? [SDK_DIST, urlPath.slice(5)] : [EXAMPLE_DIR, urlPath === "/" ? "index.html" : urlPath.slice(1)];
  const file = path.resolve(root, rest);
  if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) return null;
  return TYPES[path.extname(file)] ? file : null;
}

test.beforeAll(async () => {
  // The browser build the page imports, compiled from sdk/src as `npm pack` would.
  await promisify(execFile)("npx", ["tsc", "-p", path.join(ROOT_DIR, "sdk", "tsconfig.json")], { cwd: ROOT_DIR });
  // The example's own game server (serve.mjs): POST /shop-link makes a shop link with the test secret key.
  const { answerShopLink } = (await import(path.join(EXAMPLE_DIR, "serve.mjs"))) as {
    answerShopLink: (request: IncomingMessage, response: ServerResponse, options: { apiBase: string; secretKey: string }) => Promise<void>;
  };
  server = createServer((request, response) => {
    if (request.method === "POST" && request.url === "/shop-link") return void answerShopLink(request, response, { apiBase: API_URL, secretKey: FIXTURE.testSecretKey });
    const file = fileFor(decodeURIComponent(new URL(request.url ?? "/", "http://game.invalid").pathname));
    if (!file) return void response.writeHead(404).end("not found");
    response.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream", "Cache-Control": "no-store" });
    createReadStream(file).pipe(response);
  });
  // 127.0.0.1:4173 is an allowed origin of the fixture's test environment.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(Number(process.env.E2E_GAME_PORT ?? 4173), "127.0.0.1", () => resolve());
  });
  gameOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("an anonymous player buys a pack from the example game and the wallet updates", async ({ page }) => {
  await page.goto(`${gameOrigin}/?api=${encodeURIComponent(API_URL)}&key=${encodeURIComponent(FIXTURE.testPublishableKey)}`);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  const playerId = (await page.getByTestId("player").textContent()) ?? "";
  expect(playerId).toMatch(/^[0-9a-f]{24}$/);
  const crystals = page.getByTestId("wallet").locator('li[data-currency="crystals"]');
  await expect(crystals).toHaveText("crystals: 0");
  // The anonymous player's credentials are kept for the next visit.
  const stored = await page.evaluate((key) => window.localStorage.getItem(`gamecoin:${key}:player`), FIXTURE.testPublishableKey);
  expect(JSON.parse(stored ?? "null")).toMatchObject({ playerId });

  // The click opens the payment window at once (about:blank), then the SDK sends it to the payment page.
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Buy Crystal Chest" }).click()]);
  await popup.waitForURL(new RegExp(`^${APP_URL}/pay/`));
  await expect(popup.getByTestId("test-banner")).toHaveText("TEST MODE: no real payment is made");
  await expect(popup.getByTestId("pack-name")).toHaveText("Crystal Chest");
  // Every paid pack asks for the consent to immediate delivery, the simulator's too.
  await popup.getByTestId("consent").check();
  await popup.getByTestId("pay").click();
  await expect(popup.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled");

  // buyPack resolved from the gamecoin:order message: the page shows the order and the new wallet.
  await expect(page.getByTestId("status")).toHaveText(/^Order [0-9a-f]{24}: fulfilled$/);
  await expect(crystals).toHaveText("crystals: 1100");
  const orderId = ((await page.getByTestId("status").textContent()) ?? "").split(" ")[1]?.replace(":", "") ?? "";
  expect(await new ApiClient().getOrder(orderId)).toMatchObject({ status: "fulfilled", playerId, pack: { sku: FIXTURE.packs.chest } });

  // A reload keeps the same player and its coins.
  await page.reload();
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("player")).toHaveText(playerId);
  await expect(crystals).toHaveText("crystals: 1100");
});

test("closing the payment window without paying: buyPack resolves with the pending order", async ({ page }) => {
  await page.goto(`${gameOrigin}/?api=${encodeURIComponent(API_URL)}&key=${encodeURIComponent(FIXTURE.testPublishableKey)}`);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Buy Crystal Chest" }).click()]);
  await popup.waitForURL(new RegExp(`^${APP_URL}/pay/`));
  await popup.close();
  await expect(page.getByTestId("status")).toHaveText(/^Order [0-9a-f]{24}: pending$/, { timeout: 20_000 });
  await expect(page.getByTestId("wallet").locator('li[data-currency="crystals"]')).toHaveText("crystals: 0");
});

test("Open the shop: the game server makes a shop link and the player arrives in the web shop signed in", async ({ page }) => {
  await page.goto(`${gameOrigin}/?api=${encodeURIComponent(API_URL)}&key=${encodeURIComponent(FIXTURE.testPublishableKey)}`);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  const playerId = (await page.getByTestId("player").textContent()) ?? "";
  await page.getByTestId("open-shop").click();
  await page.waitForURL(new RegExp(`^${APP_URL}/shop/${FIXTURE.gameSlug}/test\\?lang=en$`));
  await expect(page.getByTestId("signed-in-as")).toContainText(playerId);
  await expect(page.getByTestId(`pack-${FIXTURE.packs.chest}`)).toBeVisible();
});
