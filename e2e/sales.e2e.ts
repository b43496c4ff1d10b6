/**
 * Gift codes, creator codes and revenue in a real Chromium against the built app:
 *
 * - a labelled gift-code batch issued with the keyboard only, its CSV downloaded (the browser's
 *   download, content checked line by line), the batch in the batches list and as a filter, one code
 *   disabled through the confirmation, and a used-up code that no longer offers Disable;
 * - a creator code deactivated and reactivated through confirmations, and the payouts CSV of a period;
 * - the revenue page's labels in the one money vocabulary (gross sales before refunds, net sales after,
 *   with and without VAT), the same words on the Overview, UTC days, the chart's text alternative.
 *
 * Every page is checked with axe (no serious or critical violation), saved as a screenshot
 * (e2e/screenshots/sales-<page>.png) and checked at 390 px for horizontal overflow.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import { ApiClient, playerSegment, uniquePlayerRef } from "./support/api";
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, PHONE_VIEWPORT, saveScreenshot } from "./support/axe";
import { fixtureGameBase, signInAs } from "./support/dashboard";

const api = new ApiClient();

test.describe.configure({ mode: "serial" });

/** The text of a browser download, without the byte order mark the dashboard writes for spreadsheets. */
async function downloadedText(download: Download): Promise<string> {
  const file = await download.path();
  return (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
}

/** axe, a desktop screenshot, then the same page at 390 px: no horizontal overflow, and a phone screenshot. */
async function checkPage(page: Page, name: string): Promise<void> {
  await expectNoSeriousAxeViolations(page);
  await saveScreenshot(page, `sales-${name}`);
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `sales-${name}-phone`);
  if (desktop) await page.setViewportSize(desktop);
}

test("gift codes: a labelled batch by keyboard, its CSV, a confirmed disable, a used-up code without Disable", async ({ page }) => {
  await signInAs(page, "support");
  const base = await fixtureGameBase(page);
  await page.goto(`${base}/gift-codes`);
  await expect(page.getByRole("heading", { level: 1, name: "Gift codes" })).toBeVisible();
  const label = `Stream ${randomUUID().slice(0, 8)}`;

  // Keyboard only: focus the first field, type, Tab between fields, Enter submits the form.
  await page.getByTestId("gift-code-label").focus();
  await page.keyboard.type(label);
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("gift-code-count")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("2");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("gift-code-max-uses")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("1");
  await page.getByTestId("gift-code-grant-crystals").focus();
  await page.keyboard.type("25");
  await page.keyboard.press("Enter");

  const newCodes = page.getByTestId("new-gift-codes");
  await expect(newCodes.getByTestId("gift-code-value")).toHaveCount(2);
  const codes = (await newCodes.getByTestId("gift-code-value").allTextContents()).map((c) => c.trim());
  await expect(page.getByRole("heading", { name: `${label}: 2 new codes` })).toBeVisible();

  // The batch's CSV, as the browser downloads it: the gift-code columns and the label, newest first.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: `Download the CSV of ${label}` }).first().click()]);
  expect(download.suggestedFilename()).toBe(`gift-codes-test-${label.toLowerCase().replace(/ /g, "-")}.csv`);
  const lines = (await downloadedText(download)).split("\r\n");
  expect(lines[0]).toBe("code,max_uses,uses,expires_at,disabled,grants,items,created_at,batch_label");
  const iso = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(new RegExp(`^${codes[1]},1,0,,false,crystals:25,,${iso},${label}$`)),
    expect.stringMatching(new RegExp(`^${codes[0]},1,0,,false,crystals:25,,${iso},${label}$`)),
    "",
  ]);

  // The batches list names the batch, its codes, uses and creator.
  const batchRow = page.getByTestId("batch-row").filter({ hasText: label });
  await expect(batchRow).toContainText("Sara Support");
  await expect(batchRow.getByTestId("batch-uses")).toHaveText("0 uses");

  // Filter the codes by the batch.
  await page.getByTestId("gift-code-batch-filter").selectOption({ label });
  await expect(page.getByTestId("gift-code-row")).toHaveCount(2);

  // Disable the first code: the dialog names the consequence, and nothing happens before confirming.
  const first = page.getByTestId("gift-code-row").filter({ hasText: codes[0] });
  await first.getByTestId("disable-gift-code").click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Players can no longer redeem");
  await expect(dialog).toContainText("redemptions already made stay");
  await page.getByTestId("confirm-disable-gift-code").click();
  await expect(dialog).toBeHidden();
  await expect(first.getByTestId("gift-code-status")).toHaveText("disabled");
  await expect(first.getByTestId("disable-gift-code")).toHaveCount(0);

  // The second code redeemed once: used up, so it offers no Disable any more.
  await api.expect(200, "POST", `/players/${playerSegment(uniquePlayerRef("batch"))}/codes/redeem`, { body: { code: codes[1] }, idempotencyKey: `e2e-redeem-${randomUUID()}` });
  await page.reload();
  await page.getByTestId("gift-code-batch-filter").selectOption({ label });
  const second = page.getByTestId("gift-code-row").filter({ hasText: codes[1] });
  await expect(second.getByTestId("gift-code-status")).toHaveText("used up");
  await expect(second.getByTestId("gift-code-uses")).toHaveText("1 / 1");
  await expect(second.getByTestId("disable-gift-code")).toHaveCount(0);
  await expect(page.getByTestId("batch-row").filter({ hasText: label }).getByTestId("batch-uses")).toHaveText("1 use");

  await checkPage(page, "gift-codes");
});

test("creator codes: deactivate and reactivate confirmed, payouts CSV of the chosen period", async ({ page }) => {
  await signInAs(page, "developer");
  const base = await fixtureGameBase(page);
  await page.goto(`${base}/creator-codes`);
  await expect(page.getByRole("heading", { level: 1, name: "Creator codes" })).toBeVisible();

  const code = `SALES${randomUUID().slice(0, 6).toUpperCase()}`;
  await page.getByTestId("code-input").fill(code);
  await page.getByTestId("creator-name-input").fill("Sales Creator");
  await page.getByTestId("rate-input").fill("12.5");
  await page.getByTestId("create-code-submit").click();
  const row = page.getByTestId("creator-code-row").filter({ hasText: code });
  await expect(row).toContainText("active");

  await row.getByTestId("deactivate-code").click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Buyers can no longer use ${code} at checkout`);
  await page.getByTestId("confirm-deactivate-code").click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("inactive");
  await row.getByTestId("activate-code").click();
  await expect(dialog).toContainText(`Buyers can use ${code} at checkout again`);
  await page.getByTestId("confirm-activate-code").click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("deactivate-code")).toBeVisible();

  // A period before the game sold anything: every code at zero, to the cent.
  await page.getByTestId("period-from").fill("2020-01-01");
  await page.getByTestId("period-to").fill("2020-01-31");
  await expect(page.getByTestId("creator-sales-row").filter({ hasText: code })).toContainText("€0.00");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-payouts-csv").click()]);
  expect(download.suggestedFilename()).toBe("creator-payouts-test-2020-01-01-to-2020-01-31.csv");
  expect((await downloadedText(download)).split("\r\n")).toEqual([
    "code,creator,current_rate_percent,orders,refunds,chargebacks,net_sales_eur,payout_eur",
    "E2ECODE,E2E Creator,10.00,0,0,0,0.00,0.00",
    `${code},Sales Creator,12.50,0,0,0,0.00,0.00`,
    "total,,,0,0,0,0.00,0.00",
    "",
  ]);

  await checkPage(page, "creator-codes");
});

test("revenue: one money vocabulary (gross sales before refunds, net sales after, with and without VAT) on Revenue and Overview, UTC days, the chart's text alternative", async ({ page }) => {
  await signInAs(page, "viewer");
  const base = await fixtureGameBase(page);
  await page.goto(`${base}/revenue`);
  await expect(page.getByRole("heading", { level: 1, name: "Revenue" })).toBeVisible();
  await expect(page.getByText("Days are UTC", { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId("total-sales-gross")).toContainText("Gross sales");
  await expect(page.getByTestId("total-sales-gross")).toContainText("before refunds and chargebacks");
  await expect(page.getByTestId("total-gross")).toContainText("Net sales (incl. VAT)");
  await expect(page.getByTestId("total-gross")).toContainText("After refunds and chargebacks, VAT included");
  await expect(page.getByTestId("total-net")).toContainText("Net sales (ex VAT)");
  await expect(page.getByTestId("revenue-chart-summary")).toContainText("Per UTC day");
  await page.getByText("The figures per day, as a table").click();
  await expect(page.getByTestId("revenue-day-row")).toHaveCount(30);
  const byChannel = page.getByRole("table", { name: "Revenue by channel" });
  await expect(byChannel.getByRole("rowheader")).toHaveText(["Web shop", "App Store (catalog price)", "Google Play (catalog price)", "Total"]);
  await checkPage(page, "revenue");

  // The Overview uses the same words for the same figures: "gross" is never an after-refunds figure.
  await page.goto(base);
  await expect(page.getByTestId("today-gross")).toContainText("Today: Net sales (incl. VAT)");
  await expect(page.getByTestId("month-gross")).toContainText("30 days: Net sales (incl. VAT)");
  await expect(page.getByTestId("month-net")).toContainText("30 days: Net sales (ex VAT)");
  await expect(page.getByTestId("overview-stats")).not.toContainText("gross");
});
