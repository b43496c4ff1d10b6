/**
 * The hosted web shop (docs/shop.md) in Chromium on a phone: the game's server makes a shop link, the
 * player arrives signed in, buys a pack with the simulator by keyboard, comes back to the shop with the
 * confirmation and the new balance, and goes back to the game. Then the three languages and the
 * refusals (used, expired, other environment, blocked): each a clear page, and no session.
 */
import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, PHONE_VIEWPORT } from "./support/axe";
import { ApiClient, playerSegment, uniquePlayerRef } from "./support/api";
import { APP_URL, e2eDatabaseUrl, FIXTURE } from "./support/env";
import { startGamePage, type GamePage } from "./support/game-page";

const api = new ApiClient();
const SHOP = `${APP_URL}/shop/${FIXTURE.gameSlug}/test`;
const SESSION_COOKIE = "gc_shop_test";
let game: GamePage;
let sql: postgres.Sql;

test.use({ viewport: PHONE_VIEWPORT });

test.beforeAll(async () => {
  game = await startGamePage({ port: Number(process.env.E2E_GAME_PORT ?? 4173) });
  sql = postgres(e2eDatabaseUrl(), { max: 1, onnotice: () => {} });
  // "Back to the game" leads to this run's game page (its port moves with E2E_GAME_PORT).
  await sql`update shop_settings set return_url = ${game.successUrl} where env = 'test'`;
});

test.afterAll(async () => {
  await sql?.end();
  await game?.close();
});

async function shopLink(playerRef: string, body?: { locale: string }): Promise<{ url: string; expiresAt: string }> {
  return api.expect(201, "POST", `/players/${playerSegment(playerRef)}/shop-links`, { body });
}

async function expectFitsAndAccessible(page: Page, label: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page, label);
}

/** Tabs from the top of the page until `testId` has the focus (what a keyboard user does). */
async function tabTo(page: Page, testId: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))) === testId) return;
  }
  throw new Error(`${testId} never got the focus by Tab`);
}

test("link → shop → buy with the simulator → back to the shop with the new balance → back to the game, by keyboard on a phone", async ({ page, context }) => {
  const player = uniquePlayerRef("shop");
  await api.expect(200, "PUT", `/players/${playerSegment(player)}`, { body: { displayName: "Shopper", country: "BE" } });
  const link = await shopLink(player, { locale: "en" });
  expect(link.url).toMatch(new RegExp(`^${SHOP}/enter/[A-Za-z0-9_-]+$`));

  await page.goto(link.url);
  await expect(page).toHaveURL(`${SHOP}?lang=en`);
  const session = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: `/shop/${FIXTURE.gameSlug}` });
  await expect(page.getByTestId("test-banner")).toBeVisible();
  await expect(page.getByTestId("game-name")).toContainText(FIXTURE.gameName);
  await expect(page.getByTestId("signed-in-as")).toHaveText("Signed in as Shopper");
  await expect(page.getByTestId("balance-crystals")).toHaveAttribute("data-total", "0");
  const chest = page.getByTestId(`pack-${FIXTURE.packs.chest}`);
  await expect(chest).toHaveAttribute("data-state", "on-sale");
  await expect(chest).toContainText("VAT included (21%, Belgium)");
  await expectFitsAndAccessible(page, "shop");

  await tabTo(page, `buy-${FIXTURE.packs.chest}`);
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`^${APP_URL}/pay/`));
  await expect(page.getByTestId("pack-name")).toHaveText("Crystal Chest");
  // Every paid pack asks for the consent to immediate delivery, the simulator's too.
  await tabTo(page, "consent");
  await page.keyboard.press("Space");
  await tabTo(page, "pay");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled");
  await tabTo(page, "back");
  await page.keyboard.press("Enter");

  await page.waitForURL(new RegExp(`^${SHOP}\\?order=[0-9a-f]{24}$`));
  await expect(page.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled");
  await expect(page.getByTestId("balance-crystals")).toHaveAttribute("data-total", "1100");
  const orderId = new URL(page.url()).searchParams.get("order") ?? "";
  await expect(page.getByTestId(`order-${orderId}`)).toContainText("Crystal Chest");
  await page.getByTestId(`order-${orderId}`).locator("summary").click();
  await expect(page.getByTestId(`order-${orderId}`).getByTestId("receipt")).toContainText(orderId);
  await expectFitsAndAccessible(page, "shop after payment");

  await tabTo(page, "back-to-game");
  await page.keyboard.press("Enter");
  await page.waitForURL(game.successUrl);
  await expect(page.locator("#back")).toHaveText("Back in the game: success");
});

for (const [locale, packs, html] of [
  ["fr", "Packs", "fr"],
  ["en", "Packs", "en"],
  ["nl", "Pakketten", "nl"],
] as const) {
  test(`the shop speaks ${locale}, from the link`, async ({ page }) => {
    await page.goto((await shopLink(uniquePlayerRef(`shop-${locale}`), { locale })).url);
    await expect(page.getByRole("heading", { level: 2, name: packs })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", html);
    await expectFitsAndAccessible(page, `shop ${locale}`);
  });
}

test("without a locale in the link, Accept-Language decides", async ({ browser }) => {
  const context = await browser.newContext({ locale: "nl-NL", viewport: PHONE_VIEWPORT });
  const page = await context.newPage();
  await page.goto((await shopLink(uniquePlayerRef("shop-accept"))).url);
  await expect(page.getByRole("heading", { level: 2, name: "Pakketten" })).toBeVisible();
  await context.close();
});

test.describe("refused links: a clear page and no session", () => {
  async function expectRefused(page: Page, url: string, reason: string, text: RegExp): Promise<void> {
    await page.goto(url);
    await expect(page.getByTestId("link-refused")).toHaveAttribute("data-reason", reason);
    await expect(page.getByTestId("link-refused")).toContainText(text);
    await expect(page.getByTestId("balances")).toHaveCount(0);
    expect((await page.context().cookies()).filter((c) => c.name.startsWith("gc_shop_"))).toEqual([]);
    await expectFitsAndAccessible(page, `refused ${reason}`);
  }

  test("a used link", async ({ page, browser }) => {
    const link = await shopLink(uniquePlayerRef("shop-used"), { locale: "en" });
    const first = await browser.newContext();
    await (await first.newPage()).goto(link.url);
    await first.close();
    await expectRefused(page, link.url, "used", /already used/);
  });

  test("an expired link", async ({ page }) => {
    const link = await shopLink(uniquePlayerRef("shop-expired"), { locale: "en" });
    const token = new URL(link.url).pathname.split("/").pop() ?? "";
    const { createHash } = await import("node:crypto");
    await sql`update shop_links set expires_at = now() - interval '1 second' where token_hash = ${createHash("sha256").update(token).digest("hex")}`;
    await expectRefused(page, `${link.url}?lang=en`, "expired", /expired/);
  });

  test("a test link opened on the live shop", async ({ page }) => {
    const link = await shopLink(uniquePlayerRef("shop-other"), { locale: "en" });
    await expectRefused(page, link.url.replace("/test/enter/", "/enter/"), "other-shop", /another game|environment/);
  });

  test("a player blocked after the link was made; a blocked player gets no link at all", async ({ page }) => {
    const player = uniquePlayerRef("shop-blocked");
    const link = await shopLink(player, { locale: "en" });
    await sql`update players set blocked = true where external_id = ${player.slice(4)}`;
    await expectRefused(page, link.url, "blocked", /cannot use the shop/);
    const refused = await api.request<{ error: { code: string } }>("POST", `/players/${playerSegment(player)}/shop-links`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("PLAYER_BLOCKED");
  });
});

test("a buy posted from another site is refused", async () => {
  const crossSite = await fetch(`${SHOP}/act/buy`, {
    method: "POST",
    headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    body: "packSku=crystal-chest",
    redirect: "manual",
  });
  expect(crossSite.status).toBe(403);
});
