/**
 * The hosted payment page and its confirmation page, in a real Chromium: a game page on another
 * origin opens the checkout in a popup, the buyer changes the country by keyboard, pays (or cancels,
 * or the simulator declines), and the confirmation page tells the game through window.postMessage.
 * Every state of the pages is checked with axe at 390 px and on a desktop, in fr, en and nl.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import postgres from "postgres";
import { ApiClient, uniquePlayerRef, type Checkout } from "./support/api";
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations, PHONE_VIEWPORT, saveScreenshot } from "./support/axe";
import { APP_URL, e2eDatabaseUrl, FIXTURE } from "./support/env";
import { startGamePage, type GamePage, type ReceivedMessage } from "./support/game-page";

const api = new ApiClient();
let game: GamePage;

/** The studio's translations of the chest and its currency (test catalog), set for this file only. */
const TRANSLATIONS = {
  chest: { fr: { name: "Coffre de cristaux" }, nl: { name: "Kristallen kist" } },
  crystals: { fr: { name: "Cristaux" }, nl: { name: "Kristallen" } },
};

/** Writes the test catalog's translations as the dashboard stores them (the fixture format has none). */
async function setTranslations(chest: object, crystals: object): Promise<void> {
  const sql = postgres(e2eDatabaseUrl(), { max: 1, onnotice: () => {} });
  try {
    const game = sql`(select id from games where slug = ${FIXTURE.gameSlug})`;
    await sql`update packs set translations = ${sql.json(chest as postgres.JSONValue)} where game_id = ${game} and env = 'test' and sku = ${FIXTURE.packs.chest}`;
    await sql`update currencies set translations = ${sql.json(crystals as postgres.JSONValue)} where game_id = ${game} and env = 'test' and code = 'crystals'`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

test.beforeAll(async () => {
  game = await startGamePage();
  await setTranslations(TRANSLATIONS.chest, TRANSLATIONS.crystals);
});

test.afterAll(async () => {
  await game?.close();
  await setTranslations({}, {});
});

/**
 * One page, one state: axe finds no serious or critical violation on a phone (390 px, no horizontal
 * overflow) nor on a desktop; one <main>, one <h1>, and the document in the page's language.
 * Screenshots: `<name>-phone.png` and `<name>.png`.
 */
async function expectAccessible(page: Page, name: string, lang: "fr" | "en" | "nl"): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("main")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoSeriousAxeViolations(page, `${name} at 390 px`);
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `${name}-phone`);
  await page.setViewportSize(desktop);
  await expectNoSeriousAxeViolations(page, `${name} on a desktop`);
  await saveScreenshot(page, name);
}

/** The texts of the country select's options, in their order on the page. */
function countryOptions(page: Page): Promise<string[]> {
  return page.locator("#country option").allTextContents();
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

test("pay: FR VAT shown, country chosen by keyboard (the price follows, nothing sent until Update price), paid, the game is told once", async ({ page }) => {
  const checkout = await newCheckout({ country: "FR", locale: "en" });
  expect(checkout.order).toMatchObject({ country: "FR", vatRateBp: 2000, vatCents: 200, netCents: 1000, amountCents: 1200 });
  const token = tokenOf(checkout.checkoutUrl);

  const popup = await openFromGame(page, checkout.checkoutUrl);
  await expect(popup).toHaveURL(checkout.checkoutUrl);
  await expect(popup.getByTestId("test-banner")).toHaveText("TEST MODE: no real payment is made");
  await expect(popup.getByText(FIXTURE.gameName, { exact: true })).toBeVisible();
  // English has no translation: the base names.
  await expect(popup.getByTestId("pack-name")).toHaveText("Crystal Chest");
  await expect(popup.getByRole("listitem").filter({ hasText: "Crystals" })).toContainText("1,000+ 100 bonus");
  await expect(popup.getByRole("listitem").filter({ hasText: "Potion" })).toContainText("× 2");
  const country = popup.getByLabel("Country of residence");
  await expect(country).toHaveValue("FR");
  expect((await countryOptions(popup)).slice(0, 4)).toEqual(["Austria", "Belgium", "Bulgaria", "Croatia"]);
  await expect(popup.getByText("VAT (20%)", { exact: true })).toBeVisible();
  await expect(popup.getByTestId("net")).toHaveText("€10.00");
  await expect(popup.getByTestId("vat")).toHaveText("€2.00");
  await expect(popup.getByTestId("total")).toHaveText("€12.00");
  await expect(popup.getByTestId("pay")).toHaveText("Pay €12.00");
  await expect(popup.getByTestId("decline")).toBeVisible();
  await expect(popup.getByTestId("cancel")).toBeVisible();
  await expectAccessible(popup, "checkout-page", "en");

  // Walking the list with the arrow keys changes nothing on the server and does not reload the page (WCAG 3.2.2);
  // the figures follow the select at once, and where the walk stops is announced.
  let loads = 0;
  const posts: string[] = [];
  popup.on("load", () => (loads += 1));
  popup.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await country.focus();
  for (let i = 0; i < 3; i += 1) await popup.keyboard.press("ArrowDown");
  // France, then Germany, Greece, Hungary (sorted by their English names).
  await expect(country).toHaveValue("HU");
  await popup.waitForTimeout(700);
  expect(loads).toBe(0);
  expect(posts).toEqual([]);
  await expect(country).toBeFocused();
  await expect(popup.getByText("VAT (27%)", { exact: true })).toBeVisible();
  await expect(popup.getByTestId("vat")).toHaveText("€2.55");
  await expect(popup.getByTestId("price-announcement")).toHaveText("Price updated for Hungary: VAT (27%) €2.55, total €12.00.");
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "pending", country: "FR", vatRateBp: 2000 });

  // Tab to "Update price" and press Enter: the server recomputes, focus comes back to the select, the new total is announced.
  await popup.keyboard.press("Tab");
  await expect(popup.getByRole("button", { name: "Update price" })).toBeFocused();
  await Promise.all([popup.waitForURL(`${checkout.checkoutUrl}?updated=country#country`, { waitUntil: "load" }), popup.keyboard.press("Enter")]);
  expect(posts).toEqual([`${APP_URL}/pay/${token}/country`]);
  expect(loads).toBe(1);
  await expect(popup.getByText("VAT (27%)", { exact: true })).toBeVisible();
  await expect(country).toHaveValue("HU");
  await expect(country).toBeFocused();
  await expect(popup.getByTestId("net")).toHaveText("€9.45");
  await expect(popup.getByTestId("vat")).toHaveText("€2.55");
  await expect(popup.getByTestId("total")).toHaveText("€12.00");
  const announcement = popup.getByTestId("price-announcement");
  await expect(announcement).toHaveText("Price updated for Hungary: VAT (27%) €2.55, total €12.00.");
  await expect(announcement).toHaveAttribute("role", "status");
  await expect(announcement).toHaveAttribute("aria-live", "polite");
  await expectAccessible(popup, "checkout-page-updated", "en");
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "pending", country: "HU", vatRateBp: 2700 });

  // Every paid pack asks for the consent to immediate delivery, the simulator's too.
  await popup.getByTestId("consent").check();
  await popup.getByTestId("pay").click();
  await expectConfirmation(popup, token, { status: "fulfilled", title: "Payment successful", orderId: checkout.order.id, back: game.successUrl });
  await expect(popup.getByText("Thank you! Your purchase has been added to your account.")).toBeVisible();
  await expect(popup.getByTestId("receipt-pack")).toHaveText("Crystal Chest");
  await expect(popup.getByTestId("receipt-country")).toHaveText("Hungary");
  await expectAccessible(popup, "confirmation-fulfilled", "en");

  await expectOneOrderMessage(page, checkout.order.id, "fulfilled");

  const order = await api.getOrder(checkout.order.id);
  expect(order).toMatchObject({ status: "fulfilled", country: "HU", vatRateBp: 2700, vatCents: 255, netCents: 945, amountCents: 1200 });
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
  await expectAccessible(popup, "confirmation-canceled", "en");
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
  await expectAccessible(popup, "confirmation-failed", "en");
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

    await page.getByRole("button", { name: "Update price" }).click();
    await expect(page).toHaveURL(`${checkout.checkoutUrl}?updated=country#country`);
    await expect(page.getByText("VAT (21%)", { exact: true })).toBeVisible();
    await expect(page.getByTestId("vat")).toHaveText("€2.08");
    await expect(page.getByLabel("Country of residence")).toHaveValue("NL");
    // Without scripts, the URL's fragment alone brings focus back to the select.
    await expect(page.getByLabel("Country of residence")).toBeFocused();

    await page.getByTestId("consent").check();
    await page.getByTestId("pay").click();
    await expectConfirmation(page, token, { status: "fulfilled", title: "Payment successful", orderId: checkout.order.id, back: game.successUrl });
  });
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "fulfilled", country: "NL", vatRateBp: 2100 });
});

test("locale: French from Accept-Language when the checkout names none: French names, sorted in French", async ({ browser }) => {
  const checkout = await newCheckout({ country: "FR" });
  const token = tokenOf(checkout.checkoutUrl);
  await withContext(browser, { locale: "fr-FR" }, async (page) => {
    await page.goto(checkout.checkoutUrl);
    await expect(page.getByTestId("test-banner")).toHaveText("MODE TEST : aucun paiement réel n'est effectué");
    await expect(page.getByText("Paiement sécurisé")).toBeVisible();
    await expect(page.getByTestId("pack-name")).toHaveText(TRANSLATIONS.chest.fr.name);
    await expect(page.getByRole("listitem").filter({ hasText: "Cristaux" })).toContainText(/1\s000\s*\+ 100 bonus/);
    // The potion has no translation: its base name.
    await expect(page.getByRole("listitem").filter({ hasText: "Potion" })).toContainText("× 2");
    await expect(page.getByLabel("Pays de résidence")).toHaveValue("FR");
    expect((await countryOptions(page)).slice(0, 6)).toEqual(["Allemagne", "Autriche", "Belgique", "Bulgarie", "Chypre", "Croatie"]);
    await expect(page.getByText(/^TVA \(20\s%\)$/)).toBeVisible();
    await expect(page.getByTestId("pay")).toHaveText(/^Payer 12,00\s€$/);
    await expect(page.getByRole("button", { name: "Mettre à jour" })).toBeVisible();
    await expectAccessible(page, "checkout-page-fr", "fr");
    await page.goto(`/pay/${token}?error=country`);
    await expect(page.getByTestId("pay-error")).toContainText("Choisissez un pays de la liste");
    await expectAccessible(page, "checkout-page-fr-error", "fr");
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(`${APP_URL}/pay/${token}/done`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiement annulé");
    await expect(page.getByRole("link", { name: "Retour au jeu" })).toHaveAttribute("href", game.cancelUrl);
    await expectAccessible(page, "confirmation-canceled-fr", "fr");
  });
});

test("locale: the checkout's locale nl wins over the browser's language; Dutch names on the page and the receipt", async ({ browser }) => {
  const checkout = await newCheckout({ country: "NL", locale: "nl" });
  const token = tokenOf(checkout.checkoutUrl);
  await withContext(browser, { locale: "fr-FR" }, async (page) => {
    await page.goto(checkout.checkoutUrl);
    await expect(page.getByTestId("test-banner")).toHaveText("TESTMODUS: er wordt niet echt betaald");
    await expect(page.getByText("Veilig betalen")).toBeVisible();
    await expect(page.getByTestId("pack-name")).toHaveText(TRANSLATIONS.chest.nl.name);
    await expect(page.getByRole("listitem").filter({ hasText: "Kristallen" })).toBeVisible();
    await expect(page.getByLabel("Land van verblijf")).toHaveValue("NL");
    expect((await countryOptions(page)).slice(0, 5)).toEqual(["België", "Bulgarije", "Cyprus", "Denemarken", "Duitsland"]);
    await expect(page.getByText(/^Btw \(21\s?%\)$/)).toBeVisible();
    await expect(page.getByTestId("pay")).toHaveText(/^Betaal €\s?12,00$/);
    await expectAccessible(page, "checkout-page-nl-locale", "nl");

    // Keyboard again: Bijwerken recomputes for Belgium (same 21 %), focus back on the select, announced in Dutch.
    const country = page.getByLabel("Land van verblijf");
    await country.focus();
    await page.keyboard.press("Home");
    await expect(country).toHaveValue("BE");
    await page.keyboard.press("Tab");
    await Promise.all([page.waitForURL(`${checkout.checkoutUrl}?updated=country#country`, { waitUntil: "load" }), page.keyboard.press("Enter")]);
    await expect(country).toBeFocused();
    await expect(page.getByTestId("price-announcement")).toHaveText(/^Prijs bijgewerkt voor België: Btw \(21\s?%\) €\s?2,08, totaal €\s?12,00\.$/);

    await page.getByTestId("consent").check();
    await page.getByTestId("pay").click();
    await expect(page).toHaveURL(`${APP_URL}/pay/${token}/done`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betaling geslaagd");
    await expect(page.getByTestId("receipt-pack")).toHaveText(TRANSLATIONS.chest.nl.name);
    await expect(page.getByTestId("receipt-country")).toHaveText("België");
    await expect(page.getByTestId("receipt-credited")).toContainText("Kristallen");
    await expectAccessible(page, "confirmation-fulfilled-nl", "nl");
  });
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "fulfilled", country: "BE", pack: { sku: FIXTURE.packs.chest, name: "Crystal Chest" } });
});

test("a live checkout asks for the consent; the page is accessible with the box unchecked and with its error", async ({ browser }) => {
  const live = new ApiClient(FIXTURE.live.secretKey);
  const checkout = await live.createCheckout(uniquePlayerRef("live-axe"), { packSku: FIXTURE.packs.chest, country: "FR", locale: "en" });
  const token = tokenOf(checkout.checkoutUrl);
  await withContext(browser, { locale: "en-US" }, async (page) => {
    await page.goto(checkout.checkoutUrl);
    await expect(page.getByTestId("test-banner")).toHaveCount(0);
    await expect(page.getByTestId("consent")).not.toBeChecked();
    await expectAccessible(page, "checkout-page-live-consent", "en");
    await page.goto(`/pay/${token}?error=consent`);
    await expect(page.getByTestId("pay-error")).toContainText("To pay, tick the box");
    await expectAccessible(page, "checkout-page-live-consent-error", "en");
  });
  await withContext(browser, { locale: "nl-NL" }, async (page) => {
    await page.goto(`/pay/${token}?error=consent`);
    // The order names English: the page stays English whatever the browser says.
    await expect(page.getByTestId("pay-error")).toContainText("To pay, tick the box");
  });
});

test("an unknown token shows the not-found page", async ({ page }) => {
  await page.goto("/pay/this-token-does-not-exist");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment link not found");
  await expect(page.getByText("This link is not valid. Start the purchase again from the game.")).toBeVisible();
  await expect(page.getByTestId("pack-name")).toHaveCount(0);
  await page.goto("/pay/this-token-does-not-exist/done");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment link not found");
  await expectAccessible(page, "not-found", "en");
});

test("the not-found page speaks the browser's language (fr, nl) and is accessible", async ({ browser }) => {
  const expected = { fr: "Lien de paiement introuvable", nl: "Betaallink niet gevonden" } as const;
  for (const lang of ["fr", "nl"] as const) {
    await withContext(browser, { locale: lang === "fr" ? "fr-FR" : "nl-NL" }, async (page) => {
      await page.goto("/pay/this-token-does-not-exist");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(expected[lang]);
      await expectAccessible(page, `not-found-${lang}`, lang);
    });
  }
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
  await expectAccessible(page, "checkout-page-country-refused", "en");
  // An unknown error name shows nothing.
  await page.goto(`/pay/${token}?error=nonsense`);
  await expect(page.getByTestId("pay-error")).toHaveCount(0);
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "pending", country: "FR", vatRateBp: 2000 });
});

test("the country on screen is the one charged: Belgium on the order, France chosen, Pay without Update price, the receipt says France", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const checkout = await newCheckout({ country: "BE", locale: "fr" });
    const token = tokenOf(checkout.checkoutUrl);
    // An English browser: no preselection from its language (see the Accept-Language test), the order's Belgium is shown.
    await withContext(browser, { javaScriptEnabled, locale: "en-US" }, async (page) => {
      await page.goto(checkout.checkoutUrl);
      const country = page.getByLabel("Pays de résidence");
      await expect(country).toHaveValue("BE");
      await expect(page.getByTestId("vat-label")).toHaveText(/^TVA \(21\s%\)$/);
      await country.selectOption("FR");
      if (javaScriptEnabled) {
        // With scripts the figures follow the select at once, and the live region says the new total.
        await expect(page.getByTestId("vat-label")).toHaveText(/^TVA \(20\s%\)$/);
        await expect(page.getByTestId("vat")).toHaveText(/^2,00\s€$/);
        await expect(page.getByTestId("price-announcement")).toHaveText(/^Prix mis à jour pour France : TVA \(20\s%\) 2,00\s€, total 12,00\s€\.$/);
        await expectAccessible(page, `checkout-page-country-followed`, "fr");
      }
      await page.getByTestId("consent").check();
      await page.getByTestId("pay").click();
      await expect(page).toHaveURL(`${APP_URL}/pay/${token}/done`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiement réussi");
      await expect(page.getByTestId("receipt-country")).toHaveText("France");
    });
    expect(await api.getOrder(checkout.order.id), `javaScriptEnabled: ${javaScriptEnabled}`).toMatchObject({
      status: "fulfilled",
      country: "FR",
      vatRateBp: 2000,
      vatCents: 200,
      netCents: 1000,
    });
  }
});

test("Accept-Language preselects the country when the game gave none: fr-FR → France, nl-BE → Belgium, en-US → the order's Belgium", async ({ browser }) => {
  const cases = [
    { locale: "fr-FR", label: "Pays de résidence", expected: "FR", lang: "fr" },
    { locale: "nl-BE", label: "Land van verblijf", expected: "BE", lang: "nl" },
    { locale: "en-US", label: "Country of residence", expected: "BE", lang: "en" },
  ] as const;
  for (const { locale, label, expected, lang } of cases) {
    // No country and a new player without one: the order holds the fallback, Belgium.
    const checkout = await newCheckout();
    expect(checkout.order.country).toBe("BE");
    await withContext(browser, { locale }, async (page) => {
      await page.goto(checkout.checkoutUrl);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByLabel(label)).toHaveValue(expected);
      await expect(page.getByTestId("vat-label")).toContainText(expected === "FR" ? "20" : "21");
      if (locale === "fr-FR") await expectAccessible(page, "checkout-page-preselected-fr", "fr");
      await page.getByTestId("consent").check();
      await page.getByTestId("pay").click();
      await expect(page).toHaveURL(`${APP_URL}/pay/${tokenOf(checkout.checkoutUrl)}/done`);
    });
    expect(await api.getOrder(checkout.order.id), locale).toMatchObject({ status: "fulfilled", country: expected });
  }
});

test("decline, then Try again: says what happened, a new checkout's page, paid; the old order stays failed", async ({ page }) => {
  const checkout = await newCheckout({ country: "NL", locale: "en" });
  const token = tokenOf(checkout.checkoutUrl);
  const popup = await openFromGame(page, checkout.checkoutUrl);
  await popup.getByRole("button", { name: "Simulate a decline" }).click();
  await expectConfirmation(popup, token, { status: "failed", title: "Payment declined", orderId: checkout.order.id, back: game.cancelUrl });
  await expect(popup.getByText("The payment did not go through. You have not been charged.")).toBeVisible();
  const tryAgain = popup.getByRole("button", { name: "Try again" });
  await expect(tryAgain).toBeVisible();
  await expectAccessible(popup, "confirmation-failed-try-again", "en");

  // By keyboard.
  await tryAgain.focus();
  await Promise.all([popup.waitForURL((url) => url.pathname.startsWith("/pay/") && !url.pathname.includes(token)), popup.keyboard.press("Enter")]);
  const newToken = new URL(popup.url()).pathname.split("/")[2] ?? "";
  expect(newToken).not.toBe(token);
  await expect(popup.getByTestId("pack-name")).toHaveText("Crystal Chest");
  await expect(popup.getByLabel("Country of residence")).toHaveValue("NL");
  await expectAccessible(popup, "checkout-page-after-try-again", "en");
  await popup.getByTestId("consent").check();
  await popup.getByTestId("pay").click();
  await expect(popup).toHaveURL(`${APP_URL}/pay/${newToken}/done`);
  await expect(popup.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled");
  await expect(popup.getByRole("button", { name: "Try again" })).toHaveCount(0);
  expect(await api.getOrder(checkout.order.id)).toMatchObject({ status: "failed" });

  // The old confirmation's Try again now leads to the same new order (one per declined order).
  await popup.goto(`${APP_URL}/pay/${token}/done`);
  await popup.getByRole("button", { name: "Try again" }).click();
  await expect(popup).toHaveURL(`${APP_URL}/pay/${newToken}/done`);
});

test("cancel, then Try again in French; a refusal (sold out) is explained on the confirmation", async ({ browser }) => {
  const checkout = await newCheckout({ country: "FR" });
  const token = tokenOf(checkout.checkoutUrl);
  await withContext(browser, { locale: "fr-FR" }, async (page) => {
    await page.goto(checkout.checkoutUrl);
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(`${APP_URL}/pay/${token}/done`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiement annulé");
    await expect(page.getByText("Vous avez annulé le paiement. Aucun montant n'a été débité.")).toBeVisible();
    await expectAccessible(page, "confirmation-canceled-try-again-fr", "fr");
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]+$/);
    expect(page.url()).not.toContain(token);
    await expect(page.getByLabel("Pays de résidence")).toHaveValue("FR");

    // A refusal (here shown through the query the retry action sets) is said on the page, with no button to press again.
    await page.goto(`/pay/${token}/done?retry=soldOut`);
    await expect(page.getByTestId("retry-error")).toHaveAttribute("role", "alert");
    await expect(page.getByTestId("retry-error")).toHaveText("Ce pack est épuisé : impossible de réessayer. Aucun montant n'a été débité.");
    await expect(page.getByRole("button", { name: "Réessayer" })).toHaveCount(0);
    await expectAccessible(page, "confirmation-retry-refused-fr", "fr");
  });
});
