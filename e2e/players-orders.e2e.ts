/**
 * Support's daily work, by keyboard only, as support staff: find a player by name, open them, correct
 * the name, grant an item, block them through the confirmation dialog; find an order by the reference
 * on the buyer's receipt and refund it through its confirmation. Each page is checked with axe-core,
 * screenshotted (e2e/screenshots/players-orders-<page>.png) and checked for sideways scroll at 390 px.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { ApiClient, playerSegment, uniquePlayerRef } from "./support/api";
import { PHONE_VIEWPORT, expectNoHorizontalOverflow, expectNoSeriousAxeViolations, saveScreenshot } from "./support/axe";
import { fixtureGameBase, signInAs } from "./support/dashboard";
import { FIXTURE } from "./support/env";
import { tabTo } from "./support/keyboard";

test.describe.configure({ mode: "serial" });

const api = new ApiClient();
const DESKTOP = { width: 1280, height: 900 };

/** axe, a screenshot, and no horizontal overflow on a phone; ends back on the desktop size. */
async function checkPage(page: Page, name: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.locator("main")).toHaveCount(1);
  await expect(page.locator("h1")).toHaveCount(1);
  await expectNoSeriousAxeViolations(page, name);
  await saveScreenshot(page, `players-orders-${name}`);
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.waitForTimeout(200);
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `players-orders-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** A player with a display name and a paid chest order (two potions delivered). */
async function paidPlayer(prefix: string, displayName: string): Promise<{ ref: string; orderId: string }> {
  const ref = uniquePlayerRef(prefix);
  await api.expect(200, "PUT", `/players/${playerSegment(ref)}`, { body: { displayName, country: "FR" } });
  const { order } = await api.createCheckout(ref, { packSku: FIXTURE.packs.chest, country: "FR", locale: "en" });
  await api.expect(200, "POST", `/test-helpers/orders/${order.id}/pay`);
  return { ref, orderId: order.id };
}

test("support, by keyboard: search a player, edit the name, grant an item, block; find an order by id and refund it", async ({ page }) => {
  const tag = randomUUID().slice(0, 6);
  const name = `Keyboard Kim ${tag}`;
  const buyer = await paidPlayer("kbd", name);
  const refundee = await paidPlayer("kbd-refund", `Refund Rae ${tag}`);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, "support");
  const base = await fixtureGameBase(page);

  // Players: one search box, by part of the display name in another case.
  await page.goto(`${base}/players`);
  await tabTo(page, page.getByTestId("player-search"));
  await page.keyboard.type(`kim ${tag}`.toUpperCase());
  await page.keyboard.press("Enter");
  const row = page.getByTestId("player-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row.getByTestId("player-balances")).toContainText("1,100");
  await checkPage(page, "players");

  await tabTo(page, row.getByTestId("player-link"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${base}/players/[0-9a-f]{24}$`));
  await expect(page.getByTestId("player-name")).toHaveText(name);

  // Edit the display name in the dialog (Escape-able, focus trapped), saved with Enter.
  await tabTo(page, page.getByTestId("edit-player"));
  await page.keyboard.press("Enter");
  const editDialog = page.getByTestId("edit-player-dialog");
  await expect(editDialog).toBeVisible();
  await tabTo(page, editDialog.getByTestId("edit-player-name"));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`Kim Renamed ${tag}`);
  await page.keyboard.press("Enter");
  await expect(editDialog).toBeHidden();
  await expect(page.getByTestId("player-name")).toHaveText(`Kim Renamed ${tag}`);

  // Grant 3 potions: the 2 of the chest + 3, shown by name.
  const potion = page.getByTestId("inventory-potion");
  await expect(potion).toContainText("Potion");
  await expect(potion.getByTestId("inventory-quantity")).toHaveText("2");
  await tabTo(page, page.getByTestId("grant-item-quantity"));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("3");
  await page.keyboard.press("Enter");
  await expect(potion.getByTestId("inventory-quantity")).toHaveText("5");

  // Block, through the confirmation that names the consequence; the dialog starts on Cancel.
  await tabTo(page, page.getByTestId("block-player"));
  await page.keyboard.press("Enter");
  const blockDialog = page.getByRole("alertdialog", { name: "Block this player?" });
  await expect(blockDialog).toContainText("can no longer buy, spend or redeem; their balance is kept");
  await page.keyboard.press("Tab");
  await expect(blockDialog.getByTestId("confirm-block")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(blockDialog).toBeHidden();
  await expect(page.getByTestId("player-blocked-badge")).toBeVisible();
  await checkPage(page, "player");

  // Orders: the receipt's order reference, exact.
  await page.goto(`${base}/orders`);
  await tabTo(page, page.getByTestId("filter-order-id"));
  await page.keyboard.type(refundee.orderId.toUpperCase());
  await page.keyboard.press("Enter");
  const orderRow = page.getByTestId("order-row");
  await expect(orderRow).toHaveCount(1);
  await expect(orderRow).toContainText(refundee.orderId);
  await checkPage(page, "orders");

  await tabTo(page, orderRow.getByTestId("order-link"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${base}/orders/${refundee.orderId}`);
  await expect(page.getByTestId("order-contents")).toContainText("1,000 + 100 bonus Crystals");
  await expect(page.getByTestId("order-contents")).toContainText("2 × Potion");
  await checkPage(page, "order");

  await tabTo(page, page.getByTestId("refund-order"));
  await page.keyboard.press("Enter");
  const refundDialog = page.getByRole("alertdialog", { name: "Refund this order?" });
  await expect(refundDialog).toContainText("€12.00 back");
  await expect(refundDialog).toContainText("Crystals");
  await expect(refundDialog.getByTestId("refund-debt-policy")).toBeVisible();
  await tabTo(page, refundDialog.getByTestId("confirm-refund"));
  await page.keyboard.press("Enter");
  await expect(refundDialog).toBeHidden();
  await expect(page.getByTestId("order-status")).toHaveText("refunded");
  expect((await api.getOrder(refundee.orderId)).status).toBe("refunded");
  expect((await api.getOrder(buyer.orderId)).status).toBe("fulfilled");
});
