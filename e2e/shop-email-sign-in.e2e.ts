/**
 * The web shop's e-mail sign-in (docs/shop.md) in Chromium on a phone, by keyboard: a player whose
 * address is linked opens the test shop without a link, asks for a code, reads it in the mail the app
 * sent, types it and is in the shop with the balance. A wrong code says so, keeps the code step and
 * gives no session. axe on every step.
 *
 * The run's app has no mail server, so this spec starts an SMTP server (support/mailbox.ts) and a
 * second instance of the built app on the run's database (SETUP_APP_PORT) that mails through it, as
 * password-reset.e2e.ts does. The player's address is linked the way a game does it: the client API's
 * /client/me/email with the code from that app's mail.
 */
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { ApiClient } from "./support/api";
import { startAppServer, type AppServer } from "./support/app-server";
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, PHONE_VIEWPORT } from "./support/axe";
import { e2eDatabaseUrl, FIXTURE, ROOT_DIR, SETUP_APP_PORT } from "./support/env";
import { tabTo } from "./support/keyboard";
import { startMailbox, type Mailbox } from "./support/mailbox";

const SESSION_COOKIE = "gc_shop_test";
const CODE_STEP_COOKIE = "gc_shop_test_email";
const api = new ApiClient();
let mailbox: Mailbox;
let app: AppServer;

test.use({ viewport: PHONE_VIEWPORT });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  mailbox = await startMailbox();
  app = await startAppServer({
    databaseUrl: e2eDatabaseUrl(),
    logDir: path.join(ROOT_DIR, "test-results"),
    port: SETUP_APP_PORT,
    env: { SMTP_URL: mailbox.url },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await mailbox?.close();
});

const shopUrl = () => `${app.url}/shop/${FIXTURE.gameSlug}/test`;

/** A client API call of the game's browser build: the publishable key, and the player's token when it has one. */
async function client<T>(path_: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${app.url}/api/v1${path_}`, {
    method: "POST",
    headers: {
      "X-Service-Key": FIXTURE.testPublishableKey,
      "Content-Type": "application/json",
      "Idempotency-Key": `e2e-${randomUUID()}`,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path_}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** An anonymous player of the test environment with `email` linked (its first mail) and `crystals` granted. */
async function playerWithLinkedEmail(email: string, crystals: number): Promise<{ id: string }> {
  const { player, token } = await client<{ player: { id: string }; token: string }>("/client/players", { displayName: "Mail Shopper" });
  await client("/client/me/email", { email, locale: "en" }, token);
  await client("/client/me/email/verify", { email, code: await mailbox.waitForCode(email, 1) }, token);
  await api.expect(200, "POST", `/players/${player.id}/wallet/grant`, { body: { currency: "crystals", amount: crystals }, idempotencyKey: true });
  return player;
}

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@players.e2e.test`;

async function shopCookies(page: Page): Promise<string[]> {
  return (await page.context().cookies()).filter((c) => c.name.startsWith("gc_shop_")).map((c) => c.name);
}

async function expectFitsAndAccessible(page: Page, label: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousAxeViolations(page, label);
}

/** On the shop's sign-in form: types the address and sends it with Enter, by keyboard only. */
async function askForCode(page: Page, email: string): Promise<void> {
  await page.goto(`${shopUrl()}?lang=en`);
  const signIn = page.getByTestId("sign-in");
  await expect(signIn.getByRole("heading", { level: 1, name: "Sign in to the shop" })).toBeVisible();
  await expect(page.getByTestId("balances")).toHaveCount(0);
  await expectFitsAndAccessible(page, "shop sign-in");
  await tabTo(page, page.getByLabel("E-mail address"));
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await page.waitForURL(`${shopUrl()}?signin=code`);
  await expect(signIn.getByRole("status")).toHaveText("If this address is linked to a player, a code is on its way. It is valid 10 minutes.");
  await expect(signIn).toContainText(email);
  await expect(page.getByLabel("Six-digit code")).toBeVisible();
  expect(await shopCookies(page)).toEqual([CODE_STEP_COOKIE]);
}

/** Types `code` into the code field by keyboard and presses "Sign in". */
async function typeCode(page: Page, code: string): Promise<void> {
  await tabTo(page, page.getByLabel("Six-digit code"));
  await page.keyboard.type(code);
  await tabTo(page, page.getByTestId("verify"));
  await expect(page.getByTestId("verify")).toHaveText("Sign in");
  await page.keyboard.press("Enter");
}

test("a player with a linked address signs in with the mailed six-digit code and sees the balance, by keyboard on a phone", async ({ page }) => {
  const email = uniqueEmail("shopper");
  await playerWithLinkedEmail(email, 250);

  await askForCode(page, email);
  const mail = await mailbox.waitForMail(email, 2);
  expect(mail.subject).toBe("Your E2E Quest sign-in code");
  expect(mail.text).toContain("Here is your code to sign in to E2E Quest:");
  await expectFitsAndAccessible(page, "shop code step");

  await typeCode(page, await mailbox.waitForCode(email, 2));
  await page.waitForURL(shopUrl());
  await expect(page.getByTestId("signed-in-as")).toHaveText("Signed in as Mail Shopper");
  await expect(page.getByTestId("balance-crystals")).toHaveAttribute("data-total", "250");
  await expect(page.getByTestId("balance-crystals")).toHaveText("250 Crystals");
  await expect(page.getByTestId(`pack-${FIXTURE.packs.chest}`)).toHaveAttribute("data-state", "on-sale");
  const session = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: `/shop/${FIXTURE.gameSlug}` });
  // The code step's address is forgotten once signed in.
  expect(await shopCookies(page)).toEqual([SESSION_COOKIE]);
  await expectFitsAndAccessible(page, "shop signed in by e-mail code");

  // The code was spent: signing out and typing it again does not sign in.
  await tabTo(page, page.getByTestId("sign-out"));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("sign-in")).toBeVisible();
  expect(await shopCookies(page)).toEqual([]);
});

test("a wrong code is refused with a clear message, the code step stays and no session is given", async ({ page }) => {
  const email = uniqueEmail("wrong-code");
  await playerWithLinkedEmail(email, 40);

  await askForCode(page, email);
  const code = await mailbox.waitForCode(email, 2);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await typeCode(page, wrong);

  await page.waitForURL(`${shopUrl()}?error=code&signin=code&lang=en#sign-in`);
  const error = page.getByTestId("shop-error");
  await expect(error).toHaveAttribute("role", "alert");
  await expect(error).toHaveText("This code is not valid. Check it, or ask for a new one.");
  await expect(page.getByTestId("sign-in")).toContainText(email);
  await expect(page.getByLabel("Six-digit code")).toHaveValue("");
  await expect(page.getByTestId("balances")).toHaveCount(0);
  expect(await shopCookies(page)).toEqual([CODE_STEP_COOKIE]);
  await expectFitsAndAccessible(page, "shop wrong code");

  // The right code still works after one wrong try (five are allowed).
  await typeCode(page, code);
  await page.waitForURL(shopUrl());
  await expect(page.getByTestId("balance-crystals")).toHaveAttribute("data-total", "40");
  expect(await shopCookies(page)).toEqual([SESSION_COOKIE]);
});
