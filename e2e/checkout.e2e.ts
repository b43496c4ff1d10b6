/**
 * The hosted payment page and its confirmation page, in a real Chromium: a game page on another
 * origin opens the checkout in a popup, the buyer changes the country, pays (or cancels, or the
 * simulator declines), and the confirmation page tells the game through window.postMessage.
 */
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ApiClient, uniquePlayerRef, type Checkout } from "./support/api";
import { APP_URL, E2E_DIR, FIXTURE } from "./support/env";
import { startGamePage, type GamePage, type ReceivedMessage } from "./support/game-page";

const api = new ApiClient();
let game: GamePage;

test.beforeAll(async () => {
  game = await startGamePage();
});

test.afterAll(async () => {
  await game?.close();
});

function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: path.join(E2E_DIR, "screenshots", `${name}.png`), fullPage: true });
}

/** A checkout of the fixture's 12.00 EUR pack whose return URLs point at the game page. */
async function newCheckout(extra: { country?: string; locale?: string } = {}): Promise<Checkout> {
  const checkout = await api.createCheckout(uniquePlayerRef(), {
    packSku: FIXTURE.packs.chest,
    successUrl: game.successUrl,
    cancelUrl: game.cancelUrl,
    ...extra,
  });
  expect(checkout.order.status).toBe("pending");
  expect(checkout.checkoutUrl.startsWith(`${APP_URL}/pay/`)).toBe(true);
  return checkout;
}

/** Opens the game page, clicks its Buy button and returns the checkout popup. */
async function openFromGame(page: Page, checkoutUrl: string): Promise<Page> {
  await page.goto(game.shopUrl(checkoutUrl));
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Buy the pack" }).click()]);
  await popup.waitForLoadState();
  return popup;
}

function received(gamePage: Page): Promise<ReceivedMessage[]> {
  return gamePage.evaluate(() => (window as unknown as { received: ReceivedMessage[] }).received);
}

/** The game page got exactly this one message from the app's origin (and no second one later). */
async function expectOneOrderMessage(gamePage: Page, orderId: string, status: string): Promise<void> {
  await expect.poll(async () => (await received(gamePage)).length).toBeGreaterThan(0);
  await gamePage.waitForTimeout(1_000);
  expect(await received(gamePage)).toEqual([{ data: { type: "gamecoin:order", orderId, status }, origin: APP_URL }]);
}

/** The confirmation page: status, its title, the order reference and the link back to the game. */
async function expectConfirmation(popup: Page, token: string, expected: { status: string; title: string; orderId: string; back: string }) {
  await expect(popup).toHaveURL(`${APP_URL}/pay/${token}/done`);
  const confirmation = popup.getByTestId("confirmation");
  await expect(confirmation).toHaveAttribute("data-status", expected.status);
  await expect(popup.getByRole("heading", { level: 1 })).toHaveText(expected.title);
  // A fulfilled order shows it in its receipt ("Order reference" then the id), the others on one line.
  await expect(confirmation).toContainText(new RegExp(`Order reference:?\\s*${expected.orderId}`));
  await expect(popup.getByTestId("test-banner")).toHaveText("TEST MODE: no real payment is made");
  const back = popup.getByRole("link", { name: "Back to the game" });
  await expect(back).toHaveAttribute("href", expected.back);
}

function tokenOf(checkoutUrl: string): string {
  const token = new URL(checkoutUrl).pathname.split("/")[2];
  if (!token) throw new Error(`no token in ${checkoutUrl}`);
  return token;
}

async function withContext<T>(browser: Browser, options: Parameters<Browser["newContext"]>[0], work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

test("pay: FR VAT shown, country changed to NL (auto-submit), paid, fulfilled, the game is told once", async ({ page }) => {
  const checkout = await newCheckout({ country: "FR", locale: "en" });
  expect(checkout.order).toMatchObject({ country: "FR", vatRateBp: 2000, vatCents: 200, netCents: 1000, amountCents: 1200 });
  const token = tokenOf(checkout.checkoutUrl);

  const popup = await openFromGame(page, checkout.checkoutUrl);
  await expect(popup).toHaveURL(checkout.checkoutUrl);
  await expect(popup.getByTestId("test-banner")).toHaveText("TEST MODE: no real payment is made");
  await expect(popup.getByText(FIXTURE.gameName, { exact: true })).toBeVisible();
  await expect(popup.getByTestId("pack-name")).toHaveText("Crystal Chest");
  await expect(popup.getByRole("listitem").filter({ hasText: "Crystals" })).toContainText("1,000+ 100 bonus");
  await expect(popup.getByRole("listitem").filter({ hasText: "Potion" })).toContainText("× 2");
  const country = popup.getByLabel("Country of residence");
  await expect(country).toHaveValue("FR");
  await expect(popup.getByText("VAT (20%)", { exact: true })).toBeVisible();
  await expect(popup.getByTestId("net")).toHaveText("€10.00");
  await expect(popup.getByTestId("vat")).toHaveText("€2.00");
  await expect(popup.getByTestId("total")).toHaveText("€12.00");
  await expect(popup.getByTestId("pay")).toHaveText("Pay €12.00");
  await expect(popup.getByTestId("decline")).toBeVisible();
  await expect(popup.getByTestId("cancel")).toBeVisible();
  await screenshot(popup, "checkout-page");

  // Choosing a country submits the form on its own (client script); the page comes back recomputed.
  await Promise.all([popup.waitForURL(checkout.checkoutUrl, { waitUntil: "load" }), popup.waitForResponse((r) => r.url().endsWith(`/pay/${token}/country`)), country.selectOption("NL")]);
  await expect(popup.getByText("VAT (21%)", { exact: true })).toBeVisible();
  await expect(country).toHaveValue("NL");
  await expect(popup.getByTestId("net")).toHaveText("€9.92");
  await expect(popup.getByTestId("vat")).toHaveText("€2.08");
  await expect(popup.getByTestId("total")).toHaveText("€12.00");
  await screenshot(popup, "checkout-page-nl");
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "pending", country: "NL", vatRateBp: 2100 });

  await popup.getByTestId("pay").click();
  await expectConfirmation(popup, token, { status: "fulfilled", title: "Payment successful", orderId: checkout.order.id, back: game.successUrl });
  await expect(popup.getByText("Thank you! Your purchase has been added to your account.")).toBeVisible();
  await screenshot(popup, "confirmation-fulfilled");

  await expectOneOrderMessage(page, checkout.order.id, "fulfilled");

  const order = await api.getOrder(checkout.order.id);
  expect(order).toMatchObject({ status: "fulfilled", country: "NL", vatRateBp: 2100, vatCents: 208, netCents: 992, amountCents: 1200 });
  expect(order.paidAt).not.toBeNull();
  expect(order.fulfilledAt).not.toBeNull();

  // The link goes back to the game; the payment page of a closed order only shows its outcome.
  await popup.getByRole("link", { name: "Back to the game" }).click();
  await expect(popup).toHaveURL(game.successUrl);
  await expect(popup.getByRole("heading")).toHaveText("Back in the game: success");
  await popup.goto(checkout.checkoutUrl);
  await expect(popup).toHaveURL(`${APP_URL}/pay/${token}/done`);
  await expect(popup.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled");
  expect(await received(page)).toHaveLength(1);
});

test("cancel: canceled, back link to cancelUrl, the game is told once", async ({ page }) => {
  const checkout = await newCheckout({ country: "FR", locale: "en" });
  const token = tokenOf(checkout.checkoutUrl);
  const popup = await openFromGame(page, checkout.checkoutUrl);
  await expect(popup.getByTestId("pack-name")).toHaveText("Crystal Chest");

  await popup.getByRole("button", { name: "Cancel" }).click();
  await expectConfirmation(popup, token, { status: "canceled", title: "Payment canceled", orderId: checkout.order.id, back: game.cancelUrl });
  await expect(popup.getByText("You canceled the payment. You have not been charged.")).toBeVisible();
  await screenshot(popup, "confirmation-canceled");
  await expectOneOrderMessage(page, checkout.order.id, "canceled");
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "canceled", paidAt: null, fulfilledAt: null });

  await popup.getByRole("link", { name: "Back to the game" }).click();
  await expect(popup).toHaveURL(game.cancelUrl);
});

test("decline: the simulated payment fails, back link to cancelUrl, the game is told once", async ({ page }) => {
  const checkout = await newCheckout({ country: "FR", locale: "en" });
  const token = tokenOf(checkout.checkoutUrl);
  const popup = await openFromGame(page, checkout.checkoutUrl);

  await popup.getByRole("button", { name: "Simulate a decline" }).click();
  await expectConfirmation(popup, token, { status: "failed", title: "Payment declined", orderId: checkout.order.id, back: game.cancelUrl });
  await expect(popup.getByText("The payment did not go through. You have not been charged.")).toBeVisible();
  await screenshot(popup, "confirmation-failed");
  await expectOneOrderMessage(page, checkout.order.id, "failed");
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "failed", paidAt: null, fulfilledAt: null });
});

test("without JavaScript: the Update button changes the country, Pay still works", async ({ browser }) => {
  const checkout = await newCheckout({ country: "FR", locale: "en" });
  const token = tokenOf(checkout.checkoutUrl);
  await withContext(browser, { javaScriptEnabled: false, locale: "en-US" }, async (page) => {
    await page.goto(checkout.checkoutUrl);
    await expect(page.getByText("VAT (20%)", { exact: true })).toBeVisible();
    await page.getByLabel("Country of residence").selectOption("NL");
    // Nothing submits on its own without scripts.
    await page.waitForTimeout(500);
    await expect(page.getByText("VAT (20%)", { exact: true })).toBeVisible();
    expect((await api.getOrder(checkout.order.id)).country).toBe("FR");

    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(checkout.checkoutUrl);
    await expect(page.getByText("VAT (21%)", { exact: true })).toBeVisible();
    await expect(page.getByTestId("vat")).toHaveText("€2.08");
    await expect(page.getByLabel("Country of residence")).toHaveValue("NL");

    await page.getByTestId("pay").click();
    await expectConfirmation(page, token, { status: "fulfilled", title: "Payment successful", orderId: checkout.order.id, back: game.successUrl });
  });
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "fulfilled", country: "NL", vatRateBp: 2100 });
});

test("locale: French from Accept-Language when the checkout names none", async ({ browser }) => {
  const checkout = await newCheckout({ country: "FR" });
  const token = tokenOf(checkout.checkoutUrl);
  await withContext(browser, { locale: "fr-FR" }, async (page) => {
    await page.goto(checkout.checkoutUrl);
    await expect(page.getByTestId("test-banner")).toHaveText("MODE TEST : aucun paiement réel n'est effectué");
    await expect(page.getByText("Paiement sécurisé")).toBeVisible();
    await expect(page.getByLabel("Pays de résidence")).toHaveValue("FR");
    await expect(page.getByText(/^TVA \(20\s%\)$/)).toBeVisible();
    await expect(page.getByTestId("pay")).toHaveText(/^Payer 12,00\s€$/);
    await screenshot(page, "checkout-page-fr");
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(`${APP_URL}/pay/${token}/done`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiement annulé");
    await expect(page.getByRole("link", { name: "Retour au jeu" })).toHaveAttribute("href", game.cancelUrl);
  });
});

test("locale: the checkout's locale nl wins over the browser's language", async ({ browser }) => {
  const checkout = await newCheckout({ country: "NL", locale: "nl" });
  await withContext(browser, { locale: "fr-FR" }, async (page) => {
    await page.goto(checkout.checkoutUrl);
    await expect(page.getByTestId("test-banner")).toHaveText("TESTMODUS: er wordt niet echt betaald");
    await expect(page.getByText("Veilig betalen")).toBeVisible();
    await expect(page.getByLabel("Land van verblijf")).toHaveValue("NL");
    await expect(page.getByText(/^Btw \(21\s?%\)$/)).toBeVisible();
    await expect(page.getByTestId("pay")).toHaveText(/^Betaal €\s?12,00$/);
    await screenshot(page, "checkout-page-nl-locale");
  });
});

test("an unknown token shows the not-found page", async ({ page }) => {
  await page.goto("/pay/this-token-does-not-exist");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment link not found");
  await expect(page.getByText("This link is not valid. Start the purchase again from the game.")).toBeVisible();
  await expect(page.getByTestId("pack-name")).toHaveCount(0);
  await page.goto("/pay/this-token-does-not-exist/done");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment link not found");
  await screenshot(page, "not-found");
});

test("the order id alone does not open the payment page nor act on the order", async ({ page, request }) => {
  const checkout = await newCheckout({ country: "FR", locale: "en" });
  const orderId = checkout.order.id;
  for (const url of [`/pay/${orderId}`, `/pay/${orderId}/done`]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment link not found");
    await expect(page.getByText("Crystal Chest")).toHaveCount(0);
    await expect(page.getByText(orderId)).toHaveCount(0);
  }
  for (const action of ["pay", "cancel", "decline", "country"]) {
    const response = await request.post(`/pay/${orderId}/${action}`, { form: { country: "NL" }, maxRedirects: 0 });
    expect(response.status(), action).toBe(404);
  }
  expect(await api.getOrder(orderId)).toMatchObject({ status: "pending", country: "FR" });
});

test("a country outside the EU is refused on the page itself and changes nothing", async ({ page, request }) => {
  const checkout = await newCheckout({ country: "FR", locale: "en" });
  const token = checkout.checkoutUrl.slice(`${APP_URL}/pay/`.length);
  for (const action of ["country", "pay"]) {
    const response = await request.post(`/pay/${token}/${action}`, { form: { country: "US" }, maxRedirects: 0 });
    expect(response.status(), action).toBe(303);
    expect(response.headers().location, action).toBe(`${APP_URL}/pay/${token}?error=country`);
  }
  await page.goto(`/pay/${token}?error=country`);
  await expect(page.getByTestId("pay-error")).toHaveText("Choose a country from the list: we only sell within the European Union. Nothing was changed.");
  await expect(page.getByLabel("Country of residence")).toHaveValue("FR");
  await expect(page.getByTestId("total")).toHaveText("€12.00");
  await screenshot(page, "checkout-page-country-refused");
  // An unknown error name shows nothing.
  await page.goto(`/pay/${token}?error=nonsense`);
  await expect(page.getByTestId("pay-error")).toHaveCount(0);
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "pending", country: "FR", vatRateBp: 2000 });
});
