/**
 * The dashboard's Web shop card (Keys & settings, per environment; docs/shop.md) in Chromium, by
 * keyboard, as the owner, on a game of its own (so the fixture game's shops, which shop.e2e.ts and
 * others use, are never touched): the shop of a new game is off and its preview answers 404; refused
 * values (an http or unlisted-scheme return address, a colour that is not #rrggbb) each show a clear
 * message under their field and keep what was typed, and nothing is saved; the shop turned on with a
 * logo, an accent colour and an app-scheme return address, which the preview shows; turned off (404)
 * and on again; the live card points at the live shop and refuses http; every save is in the audit
 * log with its fields. axe on the card, the shop and the audit log.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { signInAs } from "./support/dashboard";
import { APP_URL } from "./support/env";
import { tabTo } from "./support/keyboard";

// Tabbing through the settings page is many key presses: a loaded machine needs more than 60 s.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const tag = randomUUID().slice(0, 6);
const gameName = `Shop Lab ${tag}`;
const slug = `shop-lab-${tag}`;
const TEST_SHOP = `${APP_URL}/shop/${slug}/test`;
const LIVE_SHOP = `${APP_URL}/shop/${slug}`;
const SETTINGS = {
  logoUrl: "https://cdn.shop-lab.test/logo.png",
  accentColor: "#0f766e",
  returnUrl: "shoplab://shop-closed",
  appSchemes: "shoplab",
};
let gameBase = "";

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, "owner");
});

const card = (page: Page) => page.getByTestId("shop-card");
const enabled = (page: Page) => card(page).getByLabel("Shop on: players can open it from the game and buy packs");
const field = (page: Page, label: "Logo URL (https)" | "Accent colour (#rrggbb)" | "Return address (Back to the game)" | "App schemes (space-separated)") =>
  card(page).getByRole("textbox", { name: label });

/**
 * Moves the focus to `target` with Tab, or with Shift+Tab when it comes before the focused control
 * (the way back to a field above, instead of a lap around the whole page).
 */
async function keyTo(page: Page, target: Locator): Promise<void> {
  const before = await target.evaluate((el) => {
    const focused = document.activeElement;
    return !!focused && focused !== document.body && !!(el.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  if (!before) return tabTo(page, target);
  for (let i = 0; i < 40; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Shift+Tab");
  }
  throw new Error(`Shift+Tab never reached ${target.toString()}`);
}

/** Goes to a text field by keyboard and replaces its text by typing. */
async function typeInto(page: Page, label: Parameters<typeof field>[1], text: string): Promise<void> {
  await keyTo(page, field(page, label));
  await page.keyboard.press("ControlOrMeta+A");
  if (text) await page.keyboard.type(text);
  else await page.keyboard.press("Delete");
}

/** Tabs to "Save shop", presses Enter and waits for the save's answer; answers its HTTP status. */
async function saveByKeyboard(page: Page): Promise<number> {
  await keyTo(page, card(page).getByRole("button", { name: "Save shop" }));
  const answer = page.waitForResponse((response) => response.url().includes("/api/trpc/shop.save"));
  await page.keyboard.press("Enter");
  return (await answer).status();
}

async function openCard(page: Page, env: "test" | "live"): Promise<void> {
  await page.goto(`${gameBase}/${env}/settings`);
  await expect(page.getByRole("heading", { level: 2, name: `Web shop (${env})` })).toBeVisible();
  await expect(enabled(page)).toBeVisible();
}

async function expectSaved(page: Page, values: { enabled: boolean } & typeof SETTINGS): Promise<void> {
  await page.reload();
  await expect(enabled(page)).toBeChecked({ checked: values.enabled });
  await expect(field(page, "Logo URL (https)")).toHaveValue(values.logoUrl);
  await expect(field(page, "Accent colour (#rrggbb)")).toHaveValue(values.accentColor);
  await expect(field(page, "Return address (Back to the game)")).toHaveValue(values.returnUrl);
  await expect(field(page, "App schemes (space-separated)")).toHaveValue(values.appSchemes);
}

async function expectShopAnswers(page: Page, url: string, status: 200 | 404): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(status);
}

test("a new game's shop is off; the card's preview points at /shop/<game>/test, which answers 404", async ({ page }) => {
  await page.goto("/dashboard");
  await tabTo(page, page.getByTestId("new-game-name"));
  await page.keyboard.type(gameName);
  await expect(page.getByTestId("new-game-slug")).toHaveValue(slug);
  await page.keyboard.press("Enter");
  const link = page.getByTestId("game-row").getByRole("link", { name: gameName, exact: true });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/games\/[0-9a-f]{24}\/test$/);
  gameBase = href.replace(/\/test$/, "");

  await openCard(page, "test");
  await expect(enabled(page)).not.toBeChecked();
  for (const label of ["Logo URL (https)", "Accent colour (#rrggbb)", "Return address (Back to the game)", "App schemes (space-separated)"] as const) {
    await expect(field(page, label)).toHaveValue("");
  }
  const preview = card(page).getByRole("link", { name: "Preview the shop" });
  await expect(preview).toHaveAttribute("href", TEST_SHOP);
  await expect(preview).toHaveAttribute("target", "_blank");
  await expectNoSeriousAxeViolations(page, "shop card (off)");
  await expectShopAnswers(page, TEST_SHOP, 404);
});

test("refused values show a clear message under their field, keep what was typed, and nothing is saved", async ({ page }) => {
  await openCard(page, "test");
  await tabTo(page, enabled(page));
  await page.keyboard.press("Space");
  await expect(enabled(page)).toBeChecked();
  const alerts = card(page).getByRole("alert");

  // http is only for localhost in test.
  await typeInto(page, "Return address (Back to the game)", "http://play.shop-lab.test/");
  expect(await saveByKeyboard(page)).toBe(400);
  await expect(alerts).toHaveText(["Must be https (http only to localhost in test)"]);
  await expect(card(page).getByRole("textbox", { name: /Return address/ })).toHaveAccessibleName(/Must be https/);
  await expect(field(page, "Return address (Back to the game)")).toHaveValue("http://play.shop-lab.test/");
  await expect(enabled(page)).toBeChecked();
  await expectNoSeriousAxeViolations(page, "shop card (refused return address)");

  // An app scheme the studio has not listed.
  await typeInto(page, "Return address (Back to the game)", SETTINGS.returnUrl);
  expect(await saveByKeyboard(page)).toBe(400);
  await expect(alerts).toHaveText([`The scheme "shoplab" is not one of this shop's app schemes`]);
  await expect(field(page, "Return address (Back to the game)")).toHaveValue(SETTINGS.returnUrl);

  // A colour that is not #rrggbb (the scheme is listed now, so the colour is the only problem).
  await typeInto(page, "App schemes (space-separated)", SETTINGS.appSchemes);
  await typeInto(page, "Accent colour (#rrggbb)", "teal");
  expect(await saveByKeyboard(page)).toBe(400);
  await expect(alerts).toHaveText(["A colour as #rrggbb"]);
  await expect(field(page, "Accent colour (#rrggbb)")).toHaveValue("teal");
  await expect(field(page, "Return address (Back to the game)")).toHaveValue(SETTINGS.returnUrl);

  // Nothing of it was stored: the shop is still off and empty.
  await expectSaved(page, { enabled: false, logoUrl: "", accentColor: "", returnUrl: "", appSchemes: "" });
  await expectShopAnswers(page, TEST_SHOP, 404);
});

test("turned on with logo, accent colour and app-scheme return address; the preview shows them", async ({ page }) => {
  await openCard(page, "test");
  await tabTo(page, enabled(page));
  await page.keyboard.press("Space");
  await typeInto(page, "Logo URL (https)", SETTINGS.logoUrl);
  await typeInto(page, "Accent colour (#rrggbb)", "#0F766E");
  await typeInto(page, "Return address (Back to the game)", SETTINGS.returnUrl);
  await typeInto(page, "App schemes (space-separated)", "ShopLab");
  expect(await saveByKeyboard(page)).toBe(200);
  // Stored normalised: the colour and the scheme in lower case.
  await expectSaved(page, { enabled: true, ...SETTINGS });
  await expect(card(page).getByRole("alert")).toHaveCount(0);

  // The preview opens the test shop in a new tab, by keyboard.
  await tabTo(page, card(page).getByRole("link", { name: "Preview the shop" }));
  const [shop] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Enter")]);
  await shop.waitForLoadState();
  expect(shop.url()).toBe(TEST_SHOP);
  await expect(shop.getByTestId("test-banner")).toBeVisible();
  await expect(shop.getByTestId("game-name")).toContainText(gameName);
  await expect(shop.locator("header img")).toHaveAttribute("src", SETTINGS.logoUrl);
  await expect(shop.getByTestId("send-code")).toHaveCSS("background-color", "rgb(15, 118, 110)");
  await expect(shop.getByTestId("back-to-game")).toHaveAttribute("href", SETTINGS.returnUrl);
  await expectNoSeriousAxeViolations(shop, "shop preview");
  await shop.close();
});

test("turned off (the shop answers 404) and on again (it answers)", async ({ page }) => {
  await openCard(page, "test");
  await tabTo(page, enabled(page));
  await page.keyboard.press("Space");
  expect(await saveByKeyboard(page)).toBe(200);
  await expectSaved(page, { enabled: false, ...SETTINGS });
  await expectShopAnswers(page, TEST_SHOP, 404);

  await openCard(page, "test");
  await tabTo(page, enabled(page));
  await page.keyboard.press("Space");
  expect(await saveByKeyboard(page)).toBe(200);
  await expectSaved(page, { enabled: true, ...SETTINGS });
  await expectShopAnswers(page, TEST_SHOP, 200);
  await expect(page.getByTestId("sign-in")).toBeVisible();
});

test("the live card is its own: off, its preview is /shop/<game>, http is refused even to localhost", async ({ page }) => {
  await openCard(page, "live");
  await expect(enabled(page)).not.toBeChecked();
  await expect(card(page).getByRole("link", { name: "Preview the shop" })).toHaveAttribute("href", LIVE_SHOP);
  await typeInto(page, "Return address (Back to the game)", "http://localhost:5173/");
  expect(await saveByKeyboard(page)).toBe(400);
  await expect(card(page).getByRole("alert")).toHaveText(["Must be https (http only to localhost in test)"]);
  await expect(field(page, "Return address (Back to the game)")).toHaveValue("http://localhost:5173/");
  await expectShopAnswers(page, LIVE_SHOP, 404);
});

test("each save is in the audit log, with the fields it changed", async ({ page }) => {
  await page.goto("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const rows = page.getByTestId("audit-row").filter({ hasText: gameName }).filter({ hasText: "game.shop.update" });
  // Newest first: on again, off, on with the settings. Refused saves are not recorded.
  await expect(rows).toHaveCount(3);
  // The fields in the order jsonb keeps an object's keys (shorter names first).
  await expect(rows.getByTestId("audit-expand")).toHaveText(["▸ enabled", "▸ enabled", "▸ enabled, logoUrl, returnUrl, appSchemes, accentColor"]);
  for (const row of await rows.all()) await expect(row).toContainText("test");

  const first = rows.nth(2).getByTestId("audit-expand");
  await tabTo(page, first);
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "true");
  const diff = page.getByTestId("audit-diff");
  await expect(diff).toContainText("accentColor");
  await expect(diff).toContainText('"#0f766e"');
  await expect(diff).toContainText('"shoplab://shop-closed"');
  await expectNoSeriousAxeViolations(page, "audit log (shop update open)");
});
