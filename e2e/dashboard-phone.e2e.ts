/**
 * The dashboard on a 390 px phone, where a studio checks an order on the go:
 *
 * - the game's section menu is folded behind one button, so the page starts right under it, and it
 *   opens, navigates and folds again;
 * - the orders and players lists stack each row into a card: the amount, the status and the row's
 *   links are on screen without scrolling sideways;
 * - an order's id is copied with its button;
 * - the revenue chart's legend stays inside the screen right after the viewport shrinks (it used to
 *   stick out for a frame, failing the overflow check now and then).
 */
import { expect, test } from "@playwright/test";
import { ApiClient, uniquePlayerRef } from "./support/api";
import { PHONE_VIEWPORT, expectListsFit, expectNoHorizontalOverflow, expectNoSeriousAxeViolations, saveScreenshot } from "./support/axe";
import { fixtureGameBase, signInAs } from "./support/dashboard";
import { FIXTURE } from "./support/env";

test.describe.configure({ mode: "serial" });
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const api = new ApiClient();

async function paidOrder(): Promise<{ id: string }> {
  const { order } = await api.createCheckout(uniquePlayerRef("phone"), { packSku: FIXTURE.packs.chest, country: "FR", locale: "en" });
  await api.expect(200, "POST", `/test-helpers/orders/${order.id}/pay`);
  return { id: order.id };
}

test("the section menu is folded on a phone: the page starts under one button, which opens, navigates and folds", async ({ page }) => {
  await signInAs(page, "support");
  const base = await fixtureGameBase(page);
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto(`${base}/orders`);
  const heading = page.getByRole("heading", { level: 1, name: "Orders" });
  await expect(heading).toBeVisible();

  const toggle = page.getByTestId("sections-toggle");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toContainText("Orders");
  const sections = page.getByRole("navigation", { name: /sections$/ });
  await expect(sections.getByRole("link", { name: "Players" })).toBeHidden();
  // Game switcher, environment and the one button: about 120 px before the content, not 350.
  const navTop = (await page.getByTestId("game-switcher").boundingBox())?.y ?? 0;
  const contentTop = (await heading.boundingBox())?.y ?? Infinity;
  expect(contentTop - navTop).toBeLessThan(170);

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expectNoSeriousAxeViolations(page, "section menu open at 390 px");
  await sections.getByRole("link", { name: "Players" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Players" })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toContainText("Players");
  await expect(sections.getByRole("link", { name: "Orders" })).toBeHidden();

  // From lg up the list is the sidebar, always open, and the button is gone.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(toggle).toBeHidden();
  await expect(sections.getByRole("link", { name: "Orders" })).toBeVisible();
});

test("lists stack into cards on a phone: amount, status and links on screen; an order id copied with its button", async ({ page }) => {
  const order = await paidOrder();
  await signInAs(page, "support");
  const base = await fixtureGameBase(page);
  await page.setViewportSize(PHONE_VIEWPORT);

  await page.goto(`${base}/orders`);
  const row = page.getByTestId("order-row").first();
  await expect(row).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectListsFit(page);
  await expectNoHorizontalOverflow(page);
  // The cells are labelled with their column's name, like a card.
  const labels = await row.locator("td").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
  expect(labels).toEqual(expect.arrayContaining(['"Amount"', '"Status"']));
  await saveScreenshot(page, "phone-orders");

  await page.goto(`${base}/players`);
  await expect(page.getByTestId("player-row").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectListsFit(page);
  await saveScreenshot(page, "phone-players");

  await page.goto(`${base}/orders/${order.id}`);
  await expect(page.getByTestId("order-id")).toHaveText(order.id);
  await page.getByTestId("order-id-copy").click();
  await expect(page.getByTestId("order-id-copy")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.id);
  await expectListsFit(page);
  await expectNoSeriousAxeViolations(page, "order page at 390 px");
});

test("the revenue chart's legend wraps inside a phone screen right after the viewport shrinks", async ({ page }) => {
  await signInAs(page, "viewer");
  const base = await fixtureGameBase(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/revenue`);
  const legend = page.getByTestId("revenue-chart-legend");
  await expect(legend).toContainText("Net sales (ex VAT)");
  await page.setViewportSize(PHONE_VIEWPORT);
  // Measured at once, before any chart redraw: the legend is in the page's flow, not sized by the SVG.
  const right = await legend.evaluate((el) => Math.max(...[...el.querySelectorAll("li")].map((li) => li.getBoundingClientRect().right)));
  expect(right).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  await expectNoHorizontalOverflow(page);
});
