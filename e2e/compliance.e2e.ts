/**
 * EU consumer law on the hosted page, in a real Chromium: the total with VAT is shown before Pay, Pay
 * needs the consent to immediate delivery (keyboard only), and the receipt page reached from the
 * confirmation states the waiver of the withdrawal right, in fr, en and nl; every page passes axe.
 */
import { expect, test, type Page } from "@playwright/test";
import { ApiClient, uniquePlayerRef, type Checkout } from "./support/api";
import { expectNoSeriousAxeViolations, saveScreenshot } from "./support/axe";
import { APP_URL, FIXTURE } from "./support/env";

const api = new ApiClient();

async function newCheckout(locale: "fr" | "en" | "nl", country: string): Promise<Checkout> {
  return api.createCheckout(uniquePlayerRef(), { packSku: FIXTURE.packs.chest, country, locale });
}

async function expectAccessible(page: Page, name: string, lang: "fr" | "en" | "nl"): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("main")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expectNoSeriousAxeViolations(page, name);
  await saveScreenshot(page, name);
}

/** Tab from wherever focus is until `testId` has it (keyboard only, as a person would). */
async function tabTo(page: Page, testId: string): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    if (await page.getByTestId(testId).evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${testId} never got the focus`);
}

const cases = [
  {
    lang: "en",
    country: "FR",
    total: "€12.00",
    vat: "€2.00",
    consent: "I ask for the digital content to be delivered immediately after payment, and I acknowledge that I thereby lose my right of withdrawal.",
    waiver: /^On .+ \(UTC\), you asked for this digital content to be delivered immediately and acknowledged that you thereby lose your 14-day right of withdrawal\./,
    receiptTitle: "E2E Quest receipt",
  },
  {
    lang: "fr",
    country: "BE",
    total: /^12,00\s€$/,
    vat: /^2,08\s€$/,
    consent: "Je demande la livraison immédiate du contenu numérique après le paiement et je reconnais perdre ainsi mon droit de rétractation.",
    waiver: /^Le .+ \(UTC\), vous avez demandé la livraison immédiate de ce contenu numérique et reconnu perdre ainsi votre droit de rétractation de 14 jours\./,
    receiptTitle: "Reçu E2E Quest",
  },
  {
    lang: "nl",
    country: "NL",
    total: /^€\s?12,00$/,
    vat: /^€\s?2,08$/,
    consent: "Ik vraag om onmiddellijke levering van de digitale inhoud na betaling en erken dat ik daardoor mijn herroepingsrecht verlies.",
    waiver: /^Op .+ \(UTC\) heb je gevraagd om deze digitale inhoud onmiddellijk te leveren en erkend dat je daardoor je herroepingsrecht van 14 dagen verliest\./,
    receiptTitle: "Ontvangstbewijs E2E Quest",
  },
] as const;

for (const c of cases) {
  test(`${c.lang}: total with VAT before Pay, consent required by keyboard, the receipt page states the waiver`, async ({ page }) => {
    const checkout = await newCheckout(c.lang, c.country);
    const token = new URL(checkout.checkoutUrl).pathname.split("/")[2] ?? "";
    await page.goto(checkout.checkoutUrl);
    await expect(page.getByTestId("total")).toHaveText(c.total);
    await expect(page.getByTestId("vat")).toHaveText(c.vat);
    const consent = page.getByLabel(c.consent);
    await expect(consent).not.toBeChecked();
    await expectAccessible(page, `compliance-pay-${c.lang}`, c.lang);

    // Pay without the box: the browser keeps the buyer on the page and moves the focus to the required
    // box; nothing is paid.
    await tabTo(page, "pay");
    await page.keyboard.press("Enter");
    await expect(consent).toBeFocused();
    await expect(page).toHaveURL(checkout.checkoutUrl);
    expect((await api.getOrder(checkout.order.id)).status).toBe("pending");

    // Space ticks it, Tab and Enter pay.
    await page.keyboard.press("Space");
    await expect(consent).toBeChecked();
    await page.keyboard.press("Tab");
    await Promise.all([page.waitForURL(`${APP_URL}/pay/${token}/done`), page.keyboard.press("Enter")]);
    await expect(page.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled");

    await tabTo(page, "receipt-link");
    await Promise.all([page.waitForURL(/\/receipts\/[0-9a-f]{24}\.[A-Za-z0-9_-]{22}$/), page.keyboard.press("Enter")]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.receiptTitle);
    await expect(page.getByTestId("receipt-total")).toHaveText(c.total);
    await expect(page.getByTestId("receipt-waiver")).toHaveText(c.waiver);
    await expect(page.getByTestId("receipt-waiver")).toHaveAttribute("data-version", "v1");
    await expectAccessible(page, `compliance-receipt-${c.lang}`, c.lang);
  });
}

test("the server refuses Pay without the consent, whatever the browser does; a guessed receipt address is not found", async ({ request }) => {
  const checkout = await newCheckout("en", "FR");
  const token = new URL(checkout.checkoutUrl).pathname.split("/")[2] ?? "";
  const refused = await request.post(`/pay/${token}/pay`, { form: { country: "FR" }, maxRedirects: 0 });
  expect(refused.status()).toBe(303);
  expect(refused.headers().location).toBe(`${APP_URL}/pay/${token}?error=consent`);
  expect((await api.getOrder(checkout.order.id)).status).toBe("pending");
  const guessed = await request.get(`/receipts/${checkout.order.id}.${"A".repeat(22)}`);
  expect(guessed.status()).toBe(404);
});
