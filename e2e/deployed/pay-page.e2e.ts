/**
 * The buyer's path through the front door (nginx, TLS, two instances): a checkout created through the
 * server API, its hosted page opened from a game page, the country changed, then paid, declined or
 * canceled; the confirmation page and its gamecoin:order message. Every URL the app hands out and every
 * redirect it sends starts with PUBLIC_URL, never an instance's own address.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../support/axe";
import { FIXTURE } from "../support/env";
import { startGamePage, type GamePage } from "../support/game-page";
import { e2eStripeUrl, stripeMock } from "../support/stripe";
import { expectOneOrderMessage, newCheckout, orderOf, recordRedirects, tokenOf } from "./support/checkout";
import { GAME_PORT, PUBLIC_URL } from "./support/env";
import { frontDoor, header } from "./support/front-door";

let game: GamePage;

test.beforeAll(async () => {
  game = await startGamePage({ port: GAME_PORT });
});

test.afterAll(async () => {
  await game?.close();
});

async function openFromGame(page: Page, checkoutUrl: string): Promise<Page> {
  await page.goto(game.shopUrl(checkoutUrl));
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Buy the pack" }).click()]);
  await popup.waitForLoadState();
  return popup;
}

test("pay: country change and Pay redirect to PUBLIC_URL, the confirmation tells the game from the public origin", async ({ page }) => {
  const checkout = await newCheckout({ successUrl: game.successUrl, cancelUrl: game.cancelUrl, country: "FR", locale: "en" });
  const token = tokenOf(checkout.checkoutUrl);
  const popup = await openFromGame(page, checkout.checkoutUrl);
  const redirects = recordRedirects(popup);
  await expect(popup).toHaveURL(checkout.checkoutUrl);
  await expect(popup.getByTestId("pack-name")).toHaveText("Crystal Chest");
  await expect(popup.getByTestId("total")).toHaveText("€12.00");
  await expectNoSeriousAxeViolations(popup, "payment page");

  await popup.getByLabel("Country of residence").selectOption("HU");
  await popup.getByRole("button", { name: "Update price" }).click();
  await expect(popup).toHaveURL(`${checkout.checkoutUrl}?updated=country#country`);
  await expect(popup.getByTestId("vat")).toHaveText("€2.55");
  await expect(popup.getByTestId("price-announcement")).toHaveText("Price updated for Hungary: VAT (27%) €2.55, total €12.00.");

  // Every paid pack asks for the consent to immediate delivery, the simulator's too.
  await popup.getByTestId("consent").check();
  await popup.getByTestId("pay").click();
  await expect(popup).toHaveURL(`${PUBLIC_URL}/pay/${token}/done`);
  await expect(popup.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled");
  await expect(popup.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
  await expect(popup.getByTestId("receipt-country")).toHaveText("Hungary");
  await expect(popup.getByRole("link", { name: "Back to the game" })).toHaveAttribute("href", game.successUrl);
  await expectNoSeriousAxeViolations(popup, "confirmation (fulfilled)");
  await expectOneOrderMessage(page, checkout.order.id, "fulfilled");
  expect(await orderOf(checkout.order.id)).toMatchObject({ status: "fulfilled", country: "HU", vatRateBp: 2700, vatCents: 255, netCents: 945, amountCents: 1200 });

  // Both form posts answered 303 to the public address, not to http://127.0.0.1:430x.
  expect(redirects).toEqual([`303 ${PUBLIC_URL}/pay/${token}?updated=country#country`, `303 ${PUBLIC_URL}/pay/${token}/done`]);
});

test("decline and cancel: 303 to the public confirmation page, the game is told once each", async ({ page }) => {
  for (const [action, status, title] of [["Simulate a decline", "failed", "Payment declined"], ["Cancel", "canceled", "Payment canceled"]] as const) {
    const checkout = await newCheckout({ successUrl: game.successUrl, cancelUrl: game.cancelUrl, country: "FR", locale: "en" });
    const token = tokenOf(checkout.checkoutUrl);
    const popup = await openFromGame(page, checkout.checkoutUrl);
    const redirects = recordRedirects(popup);
    await popup.getByRole("button", { name: action }).click();
    await expect(popup).toHaveURL(`${PUBLIC_URL}/pay/${token}/done`);
    await expect(popup.getByTestId("confirmation")).toHaveAttribute("data-status", status);
    await expect(popup.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(popup.getByRole("link", { name: "Back to the game" })).toHaveAttribute("href", game.cancelUrl);
    await expectNoSeriousAxeViolations(popup, `confirmation (${status})`);
    await expectOneOrderMessage(page, checkout.order.id, status);
    expect(await orderOf(checkout.order.id)).toMatchObject({ status, paidAt: null, fulfilledAt: null });
    expect(redirects).toEqual([`303 ${PUBLIC_URL}/pay/${token}/done`]);
    await popup.close();
  }
});

test("the pay routes' Location headers, read raw through nginx, all start with PUBLIC_URL", async () => {
  const checkout = await newCheckout({ country: "FR", locale: "en" });
  const token = tokenOf(checkout.checkoutUrl);
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null" },
    body: new URLSearchParams(fields).toString(),
  });
  const answers = [
    await frontDoor(`/pay/${token}/country`, form({ country: "XX" })),
    await frontDoor(`/pay/${token}/country`, form({ country: "NL" })),
    await frontDoor(`/pay/${token}/pay`, form({ country: "NL", consent: "yes" })),
    await frontDoor(`/pay/${token}/pay`, form({ country: "NL", consent: "yes" })),
  ];
  expect(answers.map((a) => [a.status, header(a, "location")])).toEqual([
    [303, `${PUBLIC_URL}/pay/${token}?error=country`],
    [303, `${PUBLIC_URL}/pay/${token}?updated=country#country`],
    [303, `${PUBLIC_URL}/pay/${token}/done`],
    // Paid already: the order moved on, the buyer is shown where it stands.
    [303, `${PUBLIC_URL}/pay/${token}/done`],
  ]);
  for (const answer of answers) expect(header(answer, "strict-transport-security")).toBe("max-age=31536000");
});

test("live: Stripe's success and cancel URLs are on PUBLIC_URL, and Stripe's page brings the buyer back there", async ({ page }) => {
  const checkout = await newCheckout({ country: "FR", locale: "en" }, FIXTURE.live.secretKey);
  const token = tokenOf(checkout.checkoutUrl);
  const started = await frontDoor(`/pay/${token}/pay`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ country: "FR", consent: "yes" }).toString(),
  });
  const [session] = (await stripeMock.sessions(checkout.order.id)) as unknown as { id: string; success_url: string; cancel_url: string }[];
  if (!session) throw new Error(`no Checkout Session for ${checkout.order.id}`);
  expect([started.status, header(started, "location")]).toEqual([303, `${e2eStripeUrl()}/c/pay/${session.id}`]);
  expect(session.success_url).toBe(`${PUBLIC_URL}/pay/${token}/done?session_id={CHECKOUT_SESSION_ID}`);
  expect(session.cancel_url).toBe(`${PUBLIC_URL}/pay/${token}/done`);

  // Stripe's hosted page (the local server's) pays and sends the browser to success_url.
  await page.goto(`${e2eStripeUrl()}/c/pay/${session.id}`);
  await page.getByRole("button", { name: "Pay €12.00" }).click();
  await expect(page).toHaveURL(`${PUBLIC_URL}/pay/${token}/done?session_id=${session.id}`);
  await expect(page.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled", { timeout: 20_000 });
  await expect(page.getByTestId("receipt-order")).toHaveText(checkout.order.id);
  await expectNoSeriousAxeViolations(page, "live confirmation");
  expect(await orderOf(checkout.order.id, FIXTURE.live.secretKey)).toMatchObject({ status: "fulfilled", amountCents: 1200 });
});
