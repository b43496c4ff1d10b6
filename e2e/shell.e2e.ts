/**
 * The dashboard shell by keyboard and on a phone: skip link, game switcher, test/live switch from a
 * detail page, a role change confirmed with the keyboard only (after inviting and accepting a new
 * member), Escape closing dialogs with focus returning, the Test banner, and axe + screenshots of the
 * sign-in, games, members and audit pages, at desktop width and at 390 px (no overflow, Sign out reachable).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ApiClient, uniquePlayerRef } from "./support/api";
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, PHONE_VIEWPORT, saveScreenshot } from "./support/axe";
import { fixtureGameBase, signInAs } from "./support/dashboard";
import { FIXTURE } from "./support/env";

test.describe.configure({ mode: "serial" });

/** Presses Tab until the focused element matches `selector` (at most `max` times), as a keyboard user would. */
async function tabTo(page: Page, selector: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** axe on an open dialog only: Radix aria-hides the page behind a modal, which axe reports as the page's fault. */
async function expectAccessibleDialog(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include("[role=alertdialog], [role=dialog]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);

test("sign-in page: axe-clean, one main and h1, usable at 390 px", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("main")).toHaveCount(1);
  await expect(page.locator("h1")).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
  await saveScreenshot(page, "shell-login");
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, "shell-login-phone");
});

test("the skip link, the game switcher and the Test banner, by keyboard", async ({ page }) => {
  await signInAs(page, "owner");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Games" })).toBeVisible();
  // The first Tab reaches the skip link; Enter moves focus to the page's main.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main-content")).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await saveScreenshot(page, "shell-dashboard");

  const base = await fixtureGameBase(page, "test");
  await page.goto(base);
  const banner = page.getByTestId("test-banner");
  await expect(banner).toHaveText("Test environment: test keys, simulated payments, no real money");
  await expect(page.getByTestId("live-banner")).toHaveCount(0);
  await expect(page.getByTestId("env-switch")).toBeVisible();

  await tabTo(page, "[data-testid=game-switcher]");
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: new RegExp(FIXTURE.gameName) })).toBeVisible();
  // Opened by keyboard, the first game has focus; arrows move on, and the last item leads to all games.
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem").nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: "All games…" })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await saveScreenshot(page, "shell-game-switcher");
  // Escape closes the menu and gives focus back to its button.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  expect(await focusedTestId(page)).toBe("game-switcher");
});

test("switching Test → Live on a player's page lands on the players list of live", async ({ page }) => {
  const checkout = await new ApiClient().createCheckout(uniquePlayerRef("shell"), { packSku: FIXTURE.packs.chest });
  await signInAs(page, "owner");
  const base = await fixtureGameBase(page, "test");
  await page.goto(`${base}/players/${checkout.order.playerId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const live = page.getByTestId("env-switch").getByRole("link", { name: "Live" });
  await live.focus();
  await page.keyboard.press("Enter");
  const liveBase = base.replace(/\/test$/, "/live");
  await expect(page).toHaveURL(new RegExp(`${liveBase}/players$`));
  await expect(page.getByTestId("live-banner")).toBeVisible();
  await expect(page.getByText(/not found/i)).toHaveCount(0);
});

test("invite, accept, then change the new member's role with the keyboard only; Escape closes the dialog", async ({ page, browser }) => {
  await signInAs(page, "owner");
  await page.goto("/members");
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  const email = `shell-${Date.now()}@e2e.test`;
  await page.getByTestId("invite-email").fill(email);
  await page.getByTestId("invite-role").selectOption("viewer");
  await page.getByTestId("invite-submit").click();
  // No SMTP in the e2e run: the page says no mail went out, and shows the link with a Copy button.
  await expect(page.getByTestId("invite-mail-status")).toContainText("No e-mail was sent");
  await expect(page.getByTestId("invite-link-copy")).toBeVisible();
  const link = (await page.getByTestId("invite-link").textContent()) ?? "";
  expect(link).toMatch(/\/invite\/inv_/);

  const guest = await browser.newContext();
  const invitee = await guest.newPage();
  await invitee.goto(new URL(link).pathname);
  await expect(invitee.locator("h1")).toHaveText("Join your team");
  await expectNoSeriousAxeViolations(invitee);
  await saveScreenshot(invitee, "shell-invite");
  // A refused password (too short) keeps what was typed: only the password needs fixing.
  await invitee.locator("input[name=name]").fill("Shell Newcomer");
  await invitee.locator("input[name=password]").fill("short");
  await invitee.locator("form button[type=submit]").click();
  await expect(invitee.getByText("At least 10 characters")).toBeVisible();
  await expect(invitee.locator("input[name=name]")).toHaveValue("Shell Newcomer");
  await expect(invitee.locator("input[name=password]")).toHaveValue("short");
  await invitee.locator("input[name=password]").fill("shell e2e password");
  await invitee.locator("form button[type=submit]").click();
  await expect(invitee).toHaveURL(/\/login\?joined=1/);
  await guest.close();

  await page.reload();
  const row = page.getByTestId("member-row").filter({ hasText: email });
  await expect(row).toBeVisible();
  const select = row.getByTestId("member-role");
  await select.focus();
  // viewer → support with the arrow key; the select never saves: the role stays until confirmed.
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("support");
  await tabTo(page, "[data-testid=change-role]");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Make Shell Newcomer a support?");
  await expect(dialog).toContainText("As support, Shell Newcomer also blocks and unblocks players");
  await expectAccessibleDialog(page);
  await saveScreenshot(page, "shell-role-dialog");
  // Escape closes it, nothing changed, and focus is back on the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await focusedTestId(page)).toBe("change-role");

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  // Not a danger action: focus starts on the confirm button, so Enter confirms.
  expect(await focusedTestId(page)).toBe("confirm-change-role");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast").filter({ hasText: "Shell Newcomer is now support" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("member-row").filter({ hasText: email }).getByTestId("member-role")).toHaveValue("support");

  // Making someone owner is a danger action: the dialog says what it hands over, and starts on Cancel.
  const again = page.getByTestId("member-row").filter({ hasText: email });
  await again.getByTestId("member-role").selectOption("owner");
  await again.getByTestId("change-role").click();
  await expect(dialog).toContainText("You stay owner.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  await expectNoSeriousAxeViolations(page);
  await saveScreenshot(page, "shell-members");

  await page.goto("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(page.getByTestId("audit-row").filter({ hasText: "member.invitation.accept" }).first()).toBeVisible();
  await expect(page.getByTestId("audit-row").filter({ hasText: "member.role.change" }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await saveScreenshot(page, "shell-audit");
  const download = page.waitForEvent("download");
  await page.getByTestId("audit-export").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("at 390 px: no horizontal overflow, and Sign out is in the account menu", async ({ page }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  await signInAs(page, "owner");
  const base = await fixtureGameBase(page, "test");
  for (const [path, name] of [
    ["/dashboard", "dashboard"],
    ["/members", "members"],
    ["/audit", "audit"],
    [base, "overview"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("main")).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, `shell-phone-${name}`);
  }
  await expectNoSeriousAxeViolations(page);
  await page.getByTestId("account-menu").click();
  const signOut = page.getByRole("menuitem", { name: "Sign out" });
  await expect(signOut).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, "shell-phone-account-menu");
  await signOut.click();
  await expect(page).toHaveURL(/\/login/);
});
