/**
 * A live sale through Stripe, in a real Chromium: the game page opens a live checkout (no successUrl),
 * the buyer gives the EU digital-content consent on Gamecoin's page, pays on the local Stripe server's
 * hosted page (support/stripe.ts), comes back to a fulfilled order with its receipt, and the game page
 * gets the gamecoin:order message through its allowed origin. Then Stripe's own events: a refund made
 * in Stripe's dashboard and a lost dispute reach their orders through the webhook.
 */
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ApiClient, uniquePlayerRef, type Checkout } from "./support/api";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { APP_URL, E2E_DIR, FIXTURE } from "./support/env";
import { startGamePage, type GamePage, type ReceivedMessage } from "./support/game-page";
import { e2eStripeUrl, stripeMock } from "./support/stripe";

const live = new ApiClient(FIXTURE.live.secretKey);
const CONSENT = "I ask for the digital content to be delivered immediately after payment, and I acknowledge that I thereby lose my right of withdrawal.";
let game: GamePage;

test.beforeAll(async () => {
  game = await startGamePage();
  expect(FIXTURE.live.allowedOrigins).toContain(game.origin);
});

test.afterAll(async () => {
  await game?.close();
});

function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: path.join(E2E_DIR, "screenshots", `${name}.png`), fullPage: true });
}

function tokenOf(checkoutUrl: string): string {
  const token = new URL(checkoutUrl).pathname.split("/")[2];
  if (!token) throw new Error(`no token in ${checkoutUrl}`);
  return token;
}

/** A live checkout of the 12.00 EUR pack without successUrl: the message then goes to the allowed origins. */
async function newLiveCheckout(): Promise<Checkout> {
  const checkout = await live.createCheckout(uniquePlayerRef("live"), { packSku: FIXTURE.packs.chest, country: "FR", locale: "en" });
  expect(checkout.order).toMatchObject({ status: "pending", amountCents: 1200, country: "FR" });
  expect(checkout.checkoutUrl.startsWith(`${APP_URL}/pay/`)).toBe(true);
  return checkout;
}

function received(gamePage: Page): Promise<ReceivedMessage[]> {
  return gamePage.evaluate(() => (window as unknown as { received: ReceivedMessage[] }).received);
}

/** Pay without the browser: consent given on Gamecoin's page, then the session paid at Stripe (webhook delivered). */
async function payWithoutBrowser(request: APIRequestContext, checkout: Checkout): Promise<string> {
  const token = tokenOf(checkout.checkoutUrl);
  const response = await request.post(`/pay/${token}/pay`, { form: { country: "FR", consent: "yes" }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  const [session] = await stripeMock.sessions(checkout.order.id);
  if (!session) throw new Error(`no Checkout Session for ${checkout.order.id}`);
  expect(response.headers().location).toBe(`${e2eStripeUrl()}/c/pay/${session.id}`);
  await stripeMock.pay(session.id);
  await expect.poll(async () => (await live.getOrder(checkout.order.id)).status).toBe("fulfilled");
  const paid = (await stripeMock.sessions(checkout.order.id))[0];
  if (!paid?.payment_intent) throw new Error("the paid session has no PaymentIntent");
  return paid.payment_intent;
}

test("live checkout: consent, Stripe's page, Pay, back to a fulfilled order with its receipt, the game is told", async ({ page, request }) => {
  const checkout = await newLiveCheckout();
  const token = tokenOf(checkout.checkoutUrl);

  // Without the consent the server refuses to start the payment (the checkbox is also `required`).
  const refused = await request.post(`/pay/${token}/pay`, { form: { country: "FR" }, maxRedirects: 0 });
  expect(refused.status()).toBe(303);
  expect(refused.headers().location).toBe(`${APP_URL}/pay/${token}?error=consent`);
  expect(await stripeMock.sessions(checkout.order.id)).toEqual([]);

  await page.goto(game.shopUrl(checkout.checkoutUrl));
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Buy the pack" }).click()]);
  await popup.waitForLoadState();
  await expect(popup).toHaveURL(checkout.checkoutUrl);
  // Live: no test banner, no simulated outcomes.
  await expect(popup.getByTestId("test-banner")).toHaveCount(0);
  await expect(popup.getByTestId("decline")).toHaveCount(0);
  await expect(popup.getByTestId("pack-name")).toHaveText("Crystal Chest");
  await expect(popup.getByTestId("total")).toHaveText("€12.00");
  const consent = popup.getByLabel(CONSENT);
  await expect(consent).not.toBeChecked();
  await screenshot(popup, "live-checkout-page");

  await consent.check();
  await popup.getByTestId("pay").click();

  // Stripe's hosted page (the local server's): the session Gamecoin created for this order.
  await expect(popup).toHaveURL(new RegExp(`^${e2eStripeUrl()}/c/pay/cs_live_`));
  const [session] = await stripeMock.sessions(checkout.order.id);
  expect(session).toMatchObject({ status: "open", amount_total: 1200, currency: "eur", livemode: true, locale: "en", client_reference_id: checkout.order.id });
  expect(session?.metadata).toMatchObject({ orderId: checkout.order.id, env: "live" });
  await expect(popup.getByTestId("amount")).toHaveText("€12.00");
  await expect(popup.getByTestId("product")).toHaveText("Crystal Chest");
  expect((await live.getOrder(checkout.order.id)).status).toBe("pending");
  await screenshot(popup, "live-stripe-page");
  await popup.getByRole("button", { name: "Pay €12.00" }).click();

  // Back on Gamecoin's confirmation page (it reloads itself until the webhook has been processed).
  await expect(popup).toHaveURL(new RegExp(`^${APP_URL}/pay/${token}/done`));
  const confirmation = popup.getByTestId("confirmation");
  await expect(confirmation).toHaveAttribute("data-status", "fulfilled", { timeout: 20_000 });
  await expect(popup.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
  await expect(popup.getByTestId("receipt")).toBeVisible();
  await expect(popup.getByTestId("receipt-pack")).toHaveText("Crystal Chest");
  await expect(popup.getByTestId("receipt-net")).toHaveText("€10.00");
  await expect(popup.getByTestId("receipt-vat")).toHaveText("€2.00");
  await expect(popup.getByTestId("receipt-total")).toHaveText("€12.00");
  await expect(popup.getByTestId("receipt-order")).toHaveText(checkout.order.id);
  await expect(popup.getByTestId("receipt-credited")).toContainText("Crystals");
  await expect(popup.getByTestId("test-banner")).toHaveCount(0);
  await screenshot(popup, "live-confirmation-fulfilled");

  // The webhook Stripe sent was accepted.
  const { deliveries } = await stripeMock.events();
  const delivered = deliveries.filter((d) => d.type === "checkout.session.completed" && d.url.endsWith(`/api/payments/stripe/${FIXTURE.gameSlug}/live`));
  expect(delivered.at(-1)?.status).toBe(200);

  const order = await live.getOrder(checkout.order.id);
  expect(order).toMatchObject({ status: "fulfilled", amountCents: 1200, vatCents: 200, netCents: 1000 });
  expect(order.paidAt).not.toBeNull();
  expect(order.fulfilledAt).not.toBeNull();

  // No successUrl in live: the message is posted to each allowed origin, and the game page's one gets it, once.
  await expect.poll(async () => (await received(page)).length).toBeGreaterThan(0);
  await page.waitForTimeout(1_000);
  expect(await received(page)).toEqual([{ data: { type: "gamecoin:order", orderId: checkout.order.id, status: "fulfilled" }, origin: APP_URL }]);
});

test("live: a refund made in Stripe's dashboard refunds the order; a lost dispute is a chargeback", async ({ request }) => {
  const refundedCheckout = await newLiveCheckout();
  const refundedIntent = await payWithoutBrowser(request, refundedCheckout);
  const refund = await stripeMock.refund(refundedIntent);
  expect(refund.type).toBe("charge.refunded");
  await expect.poll(async () => (await live.getOrder(refundedCheckout.order.id)).status).toBe("refunded");

  const disputedCheckout = await newLiveCheckout();
  const disputedIntent = await payWithoutBrowser(request, disputedCheckout);
  const opened = await stripeMock.openDispute(disputedIntent);
  expect(opened.type).toBe("charge.dispute.created");
  await expect.poll(async () => (await live.getOrder(disputedCheckout.order.id)).status).toBe("chargeback");
  const closed = await stripeMock.closeDispute((opened.data.object as { id: string }).id, "lost");
  expect(closed.type).toBe("charge.dispute.closed");
  const { deliveries } = await stripeMock.events();
  expect(deliveries.find((d) => d.eventId === closed.id)?.status).toBe(200);
  expect((await live.getOrder(disputedCheckout.order.id)).status).toBe("chargeback");
});

test("live: Germany chosen then Pay goes to Stripe for Germany; Cancel on Stripe's page comes back to Try again, which reopens the payment page", async ({ browser }) => {
  const checkout = await newLiveCheckout();
  const token = tokenOf(checkout.checkoutUrl);
  const context = await browser.newContext({ locale: "en-US" });
  try {
    const page = await context.newPage();
    await page.goto(checkout.checkoutUrl);
    // The country on screen is the one Stripe's session is made for (no Update price pressed).
    await page.getByLabel("Country of residence").selectOption("DE");
    await page.getByLabel(CONSENT).check();
    await page.getByTestId("pay").click();
    await expect(page).toHaveURL(new RegExp(`^${e2eStripeUrl()}/c/pay/cs_live_`));
    expect(await live.getOrder(checkout.order.id)).toMatchObject({ status: "pending", country: "DE", vatRateBp: 1900 });

    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(`${APP_URL}/pay/${token}/done`);
    await expect(page.getByTestId("confirmation")).toHaveAttribute("data-status", "pending");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment pending");
    await expect(page.getByText("The payment was not finished. You have not been charged.")).toBeVisible();
    await expectNoSeriousAxeViolations(page, "confirmation back from Stripe's cancel URL");
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(checkout.checkoutUrl);
    await expect(page.getByLabel("Country of residence")).toHaveValue("DE");
  } finally {
    await context.close();
  }
});
