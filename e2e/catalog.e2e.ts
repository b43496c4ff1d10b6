/**
 * The catalog per environment, as an owner: edit an item in test (with a French name), see live
 * unchanged, then publish to live through the diff dialog by keyboard only. The catalog page, a side
 * panel and the publish dialog are checked with axe-core and screenshotted
 * (e2e/screenshots/catalog-<view>.png); the page is used at 390 px without sideways scroll.
 */
import { expect, test } from "@playwright/test";
import { PHONE_VIEWPORT, expectNoHorizontalOverflow, expectNoSeriousAxeViolations, saveScreenshot } from "./support/axe";
import { fixtureGameBase, signInAs } from "./support/dashboard";
import { API_URL, FIXTURE } from "./support/env";
import { pressEscapeInOpened, tabTo } from "./support/keyboard";

test.describe.configure({ mode: "serial" });

const DESKTOP = { width: 1280, height: 900 };
const renamed = `Potion ${Date.now().toString(36)}`;

async function itemNames(key: string): Promise<string[]> {
  const response = await fetch(`${API_URL}/catalog`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: { name: string; translations?: unknown }[] };
  expect(body.items.every((i) => i.translations === undefined)).toBe(true);
  return body.items.map((i) => i.name);
}

test("catalog: edit in test, live unchanged, publish to live by keyboard", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, "owner");
  const base = await fixtureGameBase(page, "test");
  await page.goto(`${base}/catalog`);
  await expect(page.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();
  await expect(page.getByTestId("pack-row").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.locator("main")).toHaveCount(1);
  await expectNoSeriousAxeViolations(page, "catalog page");
  await saveScreenshot(page, "catalog-page");

  // Edit the potion in test, in its side panel, with a French name.
  await page.getByTestId("catalog-tab-items").click();
  await page.getByTestId("row-actions-potion").click();
  await page.getByTestId("edit-potion").click();
  const form = page.getByTestId("item-form");
  await expect(form).toBeVisible();
  await expectNoSeriousAxeViolations(page, "item side panel");
  await saveScreenshot(page, "catalog-side-panel");
  await form.getByLabel("Name", { exact: true }).fill(renamed);
  await form.getByLabel("Name in French").fill("Potion de test");
  await page.getByTestId("item-submit").click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("item-row").filter({ hasText: renamed })).toBeVisible();

  // Test has it, live does not.
  expect(await itemNames(FIXTURE.testSecretKey)).toContain(renamed);
  expect(await itemNames(FIXTURE.live.secretKey)).not.toContain(renamed);

  // Publish by keyboard: open the dialog, read the diff, reach the confirm with Tab, press Enter.
  const open = page.getByTestId("publish-open");
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("publish-dialog");
  await expect(dialog).toBeVisible();
  const potion = dialog.getByTestId("diff-changed").getByRole("listitem").filter({ hasText: "potion" });
  await expect(potion).toContainText(renamed);
  await expect(potion).toContainText("translations");
  await expectNoSeriousAxeViolations(page, "publish dialog");
  await saveScreenshot(page, "catalog-publish-dialog");
  const confirm = dialog.getByTestId("publish-confirm");
  await expect(confirm).toBeEnabled();
  await tabTo(page, confirm);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  expect(await itemNames(FIXTURE.live.secretKey)).toContain(renamed);

  // Nothing left to publish.
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("publish-dialog").getByTestId("diff-empty")).toHaveText("Nothing to publish: live already equals test.");
  await pressEscapeInOpened(page, page.getByTestId("publish-dialog"));
  await expect(page.getByTestId("publish-dialog")).toBeHidden();
});

test("catalog: a status change is confirmed with its consequence", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, "owner");
  const base = await fixtureGameBase(page, "test");
  await page.goto(`${base}/catalog`);
  await page.getByTestId("catalog-tab-items").click();
  const row = page.getByTestId("item-row").filter({ hasText: "potion" });
  // One menu per row, by keyboard: Edit, then the statuses the item can move to.
  await row.getByTestId("row-actions-potion").focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["Edit…", "Move to draft…", "Archive…"]);
  await expectNoSeriousAxeViolations(page, "catalog row menu");
  await page.getByTestId("status-draft-potion").click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("The item leaves the test catalog until you activate it again: it can no longer be bought, granted or consumed.");
  await pressEscapeInOpened(page, confirm);
  await expect(confirm).toBeHidden();
  await expect(row.getByTestId("row-actions-potion")).toBeFocused();
  await expect(row).toContainText("active");
});

test("catalog: usable at 390 px", async ({ page }) => {
  await signInAs(page, "owner");
  const base = await fixtureGameBase(page, "live");
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto(`${base}/catalog`);
  await expect(page.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();
  await expect(page.getByTestId("pack-row").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page, "catalog page at 390 px");
  await saveScreenshot(page, "catalog-phone");
});
