/**
 * The SDK's buyPack from the example web game (examples/web-game/, on the SDK's browser build), with
 * the API at the public https address: the payment window opens from the click, the simulator pays, and
 * buyPack resolves from the gamecoin:order message of the payment page's origin (PUBLIC_URL's). It
 * never resolved when the page's redirects named the instance's own address: the message then came
 * from another origin than the checkout URL's, and the SDK rightly ignored it.
 */
import { execFile } from "node:child_process";
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { FIXTURE, ROOT_DIR } from "../support/env";
import { orderOf } from "./support/checkout";
import { GAME_ORIGIN, GAME_PORT, PUBLIC_API_URL, PUBLIC_URL } from "./support/env";

const EXAMPLE_DIR = path.join(ROOT_DIR, "examples", "web-game");
const SDK_DIST = path.join(ROOT_DIR, "sdk", "dist");
const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };

let server: Server;

/** What examples/web-game/serve.mjs serves: the page, and the SDK's dist/ under /sdk/. */
function fileFor(urlPath: string): string | null {
  const [root, rest] = urlPath.startsWith("/sdk/") ? [SDK_DIST, urlPath.slice(5)] : [EXAMPLE_DIR, urlPath === "/" ? "index.html" : urlPath.slice(1)];
  const file = path.resolve(root, rest);
  if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) return null;
  return TYPES[path.extname(file)] ? file : null;
}

test.beforeAll(async () => {
  await promisify(execFile)("npx", ["tsc", "-p", path.join(ROOT_DIR, "sdk", "tsconfig.json")], { cwd: ROOT_DIR });
  server = createServer((request, response) => {
    const file = fileFor(decodeURIComponent(new URL(request.url ?? "/", "http://game.invalid").pathname));
    if (!file) return void response.writeHead(404).end("not found");
    response.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream", "Cache-Control": "no-store" });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(GAME_PORT, "127.0.0.1", () => resolve());
  });
});

test.afterAll(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("buyPack from the example game resolves from the public page's message, and the wallet updates", async ({ page }) => {
  await page.goto(`${GAME_ORIGIN}/?api=${encodeURIComponent(PUBLIC_API_URL)}&key=${encodeURIComponent(FIXTURE.testPublishableKey)}`);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  const crystals = page.getByTestId("wallet").locator('li[data-currency="crystals"]');
  await expect(crystals).toHaveText("crystals: 0");

  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Buy Crystal Chest" }).click()]);
  await popup.waitForURL(new RegExp(`^${PUBLIC_URL.replace(/\./g, "\\.")}/pay/[A-Za-z0-9_-]+$`));
  await expect(popup.getByTestId("pack-name")).toHaveText("Crystal Chest");
  // Every paid pack asks for the consent to immediate delivery, the simulator's too.
  await popup.getByTestId("consent").check();
  await popup.getByTestId("pay").click();
  await expect(popup).toHaveURL(new RegExp(`^${PUBLIC_URL.replace(/\./g, "\\.")}/pay/[A-Za-z0-9_-]+/done$`));
  await expect(popup.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled");

  await expect(page.getByTestId("status")).toHaveText(/^Order [0-9a-f]{24}: fulfilled$/);
  await expect(crystals).toHaveText("crystals: 1100");
  const orderId = ((await page.getByTestId("status").textContent()) ?? "").split(" ")[1]?.replace(":", "") ?? "";
  expect(await orderOf(orderId)).toMatchObject({ status: "fulfilled" });
});
