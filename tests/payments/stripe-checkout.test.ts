import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { orders } from "@/db/schema";
import { resetConfigForTests } from "@/server/lib/config";
import { getCheckoutPage } from "@/server/orders/checkout-page";
import { extRef, useDatabase } from "../harness";
import { gameIdOf } from "../domain-helpers";
import { createSalesGame, orderRow, type CheckoutBody } from "../order-helpers";
import { checkout } from "../order-helpers";
import { sessionExtras } from "../support/stripe-server/objects";
import { startStripeServer, type StripeServer } from "../support/stripe-server";
import { PUBLIC_URL, pendingOrder, submit, useStripe, type PendingOrder, type TestGame } from "./checkout-helpers";

useDatabase();

const TEST_KEY = "sk_test_checkoutpath1";
let mock: StripeServer;
let game: TestGame;
let gameId: string;
let previousBase: string | undefined;

beforeAll(async () => {
  mock = await startStripeServer();
  mock.addAccount({ secretKey: TEST_KEY, accountId: "acct_checkout1" });
  previousBase = process.env.STRIPE_API_BASE;
  process.env.STRIPE_API_BASE = mock.url;
  resetConfigForTests();
  game = await createSalesGame();
  gameId = await gameIdOf(game);
  await useStripe(gameId, "test", TEST_KEY);
});

afterAll(async () => {
  if (previousBase === undefined) delete process.env.STRIPE_API_BASE;
  else process.env.STRIPE_API_BASE = previousBase;
  resetConfigForTests();
  await mock.close();
});

const newOrder = (body: Record<string, unknown> = {}): Promise<PendingOrder> => pendingOrder(game.secretKey, extRef("buyer"), body);
const sessionsOf = (orderId: string) => mock.sessions({ clientReferenceId: orderId });
const keysOf = (orderId: string) => mock.requests.filter((r) => r.path === "/v1/checkout/sessions" && r.idempotencyKey?.includes(orderId)).map((r) => r.idempotencyKey);

async function setExpiry(orderId: string, expiresAt: Date): Promise<void> {
  await (await getDb()).update(orders).set({ expiresAt }).where(eq(orders.id, orderId));
}

describe("Pay with Stripe needs the buyer's consent", () => {
  it("without the box ticked: back to the page with error=consent, no session, no consent recorded", async () => {
    const order = await newOrder();
    const response = await submit(order.token, "pay", { country: "FR" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=consent`);
    expect(sessionsOf(order.orderId)).toEqual([]);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", consentAt: null, providerSessionId: null, providerAttempt: 0 });
  });

  it("a value other than the checkbox's is no consent", async () => {
    const order = await newOrder();
    const response = await submit(order.token, "pay", { country: "FR", consent: "on" });
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=consent`);
    expect(sessionsOf(order.orderId)).toEqual([]);
  });
});

describe("Pay creates the order's Checkout Session and redirects there", () => {
  it("the session has exactly the issue's fields; the order keeps its id, attempt 0 and the consent time", async () => {
    const order = await newOrder({ locale: "nl" });
    const before = Date.now();
    const response = await submit(order.token, "pay", { country: "FR", consent: "yes" });
    const [session, ...others] = sessionsOf(order.orderId);
    expect(others).toEqual([]);
    if (!session) throw new Error("no session");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(session.url);
    expect(session.url).toBe(`${mock.url}/c/pay/${session.id}`);
    const row = await orderRow(order.orderId);
    expect(session).toMatchObject({
      mode: "payment",
      currency: "eur",
      amount_total: 499,
      client_reference_id: order.orderId,
      metadata: { orderId: order.orderId, gameId, env: "test" },
      locale: "nl",
      success_url: `${PUBLIC_URL}/pay/${order.token}/done?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/pay/${order.token}/done`,
      expires_at: Math.floor(row.expiresAt.getTime() / 1000),
      status: "open",
      livemode: false,
    });
    expect(sessionExtras.get(session)).toEqual({
      productName: "500 Coins",
      unitAmount: 499,
      quantity: 1,
      paymentIntentMetadata: { orderId: order.orderId, gameId, env: "test" },
    });
    expect(keysOf(order.orderId)).toEqual([`gamecoin-checkout-${order.orderId}-0`]);
    expect(row).toMatchObject({ status: "pending", providerSessionId: session.id, providerAttempt: 0 });
    expect(row.consentAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("the locale follows the order, else the browser's language, else French", async () => {
    const english = await newOrder();
    await submit(english.token, "pay", { country: "FR", consent: "yes" }, { "accept-language": "en-GB,en;q=0.9" });
    expect(sessionsOf(english.orderId)[0]?.locale).toBe("en");
    const french = await newOrder();
    await submit(french.token, "pay", { country: "FR", consent: "yes" }, { "accept-language": "de-DE" });
    expect(sessionsOf(french.orderId)[0]?.locale).toBe("fr");
  });

  it("Pay twice: the same session, no second one", async () => {
    const order = await newOrder();
    const first = await submit(order.token, "pay", { country: "FR", consent: "yes" });
    const second = await submit(order.token, "pay", { country: "FR", consent: "yes" });
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(sessionsOf(order.orderId)).toHaveLength(1);
    expect((await orderRow(order.orderId)).providerAttempt).toBe(0);
  });

  it("two Pays at once: Stripe answers both with one session (same Idempotency-Key)", async () => {
    const order = await newOrder();
    const [a, b] = await Promise.all([
      submit(order.token, "pay", { country: "FR", consent: "yes" }),
      submit(order.token, "pay", { country: "FR", consent: "yes" }),
    ]);
    expect(a.headers.get("location")).toBe(b.headers.get("location"));
    expect(sessionsOf(order.orderId)).toHaveLength(1);
  });

  it("a free pack is confirmed without Stripe", async () => {
    const order = await newOrder({ packSku: "free" });
    const response = await submit(order.token, "pay", { country: "FR" });
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}/done`);
    expect(sessionsOf(order.orderId)).toEqual([]);
    expect((await orderRow(order.orderId)).status).toBe("fulfilled");
  });

  it("the simulator's decline is refused outside test only: a Stripe test environment may still simulate", async () => {
    const order = await newOrder();
    const response = await submit(order.token, "decline", {});
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}/done`);
    expect((await orderRow(order.orderId)).status).toBe("failed");
  });
});

describe("the session's expiry is the order's, within Stripe's 30 minutes to 24 hours", () => {
  it("an order with less than 31 minutes left is extended to 35 minutes from now, the session too", async () => {
    const order = await newOrder();
    await setExpiry(order.orderId, new Date(Date.now() + 5 * 60_000));
    const before = Date.now();
    await submit(order.token, "pay", { country: "FR", consent: "yes" });
    const row = await orderRow(order.orderId);
    const session = sessionsOf(order.orderId)[0];
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 35 * 60_000 - 1000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 35 * 60_000);
    expect(session?.expires_at).toBe(Math.floor(row.expiresAt.getTime() / 1000));
  });

  it("an order that would outlive 24 hours is shortened to just under 24 hours", async () => {
    const order = await newOrder();
    await setExpiry(order.orderId, new Date(Date.now() + 3 * 24 * 3600_000));
    const before = Date.now();
    await submit(order.token, "pay", { country: "FR", consent: "yes" });
    const row = await orderRow(order.orderId);
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 24 * 3600_000 - 61_000);
    expect(row.expiresAt.getTime()).toBeLessThan(Date.now() + 24 * 3600_000);
    expect(sessionsOf(order.orderId)[0]?.expires_at).toBe(Math.floor(row.expiresAt.getTime() / 1000));
  });

  it("an order with two hours left keeps them", async () => {
    const order = await newOrder();
    const expiresAt = new Date(Date.now() + 2 * 3600_000);
    await setExpiry(order.orderId, expiresAt);
    await submit(order.token, "pay", { country: "FR", consent: "yes" });
    expect((await orderRow(order.orderId)).expiresAt.getTime()).toBe(expiresAt.getTime());
    expect(sessionsOf(order.orderId)[0]?.expires_at).toBe(Math.floor(expiresAt.getTime() / 1000));
  });
});

describe("a country change after a session exists", () => {
  it("expires the old session; the next Pay creates a new one with attempt 1 and the new VAT", async () => {
    const order = await newOrder();
    await submit(order.token, "pay", { country: "FR", consent: "yes" });
    const [old] = sessionsOf(order.orderId);
    const changed = await submit(order.token, "country", { country: "NL" });
    expect(changed.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?updated=country#country`);
    expect(mock.session(old?.id ?? "").status).toBe("expired");
    expect(await orderRow(order.orderId)).toMatchObject({ country: "NL", vatRateBp: 2100, providerSessionId: null, providerAttempt: 1 });
    const paid = await submit(order.token, "pay", { country: "NL", consent: "yes" });
    const sessions = sessionsOf(order.orderId);
    expect(sessions).toHaveLength(2);
    const fresh = sessions.find((s) => s.id !== old?.id);
    expect(paid.headers.get("location")).toBe(fresh?.url);
    expect(fresh).toMatchObject({ status: "open", amount_total: 499 });
    expect(keysOf(order.orderId)).toEqual([`gamecoin-checkout-${order.orderId}-0`, `gamecoin-checkout-${order.orderId}-1`]);
    expect(await orderRow(order.orderId)).toMatchObject({ providerSessionId: fresh?.id, providerAttempt: 1 });
  });

  it("the same country again changes nothing at Stripe", async () => {
    const order = await newOrder();
    await submit(order.token, "pay", { country: "FR", consent: "yes" });
    await submit(order.token, "country", { country: "FR" });
    expect(sessionsOf(order.orderId).map((s) => s.status)).toEqual(["open"]);
    expect((await orderRow(order.orderId)).providerAttempt).toBe(0);
  });

  it("a Pay form naming another country is a country change first", async () => {
    const order = await newOrder();
    await submit(order.token, "pay", { country: "FR", consent: "yes" });
    await submit(order.token, "pay", { country: "DE", consent: "yes" });
    expect(sessionsOf(order.orderId).map((s) => s.status)).toEqual(["expired", "open"]);
    expect(await orderRow(order.orderId)).toMatchObject({ country: "DE", providerAttempt: 1 });
  });

  it("a session already paid is not expired: the country stays and the page says the payment is being confirmed", async () => {
    const order = await newOrder();
    await submit(order.token, "pay", { country: "FR", consent: "yes" });
    const [session] = sessionsOf(order.orderId);
    await mock.paySession(session?.id ?? "");
    const response = await submit(order.token, "country", { country: "NL" });
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=confirming`);
    expect(mock.session(session?.id ?? "").status).toBe("complete");
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", country: "FR", providerSessionId: session?.id, providerAttempt: 0 });
    // Pay again meanwhile: straight to the confirmation page, no new session.
    const again = await submit(order.token, "pay", { country: "FR", consent: "yes" });
    expect(again.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}/done?session_id=${session?.id ?? ""}`);
    expect(sessionsOf(order.orderId)).toHaveLength(1);
    // Cancel meanwhile: refused the same way, the order waits for its webhook.
    const cancel = await submit(order.token, "cancel", {});
    expect(cancel.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=confirming`);
    expect((await orderRow(order.orderId)).status).toBe("pending");
  });
});

describe("cancel on the hosted page", () => {
  it("expires the open session first, then cancels the order", async () => {
    const order = await newOrder();
    await submit(order.token, "pay", { country: "FR", consent: "yes" });
    const response = await submit(order.token, "cancel", {});
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}/done`);
    expect(sessionsOf(order.orderId).map((s) => s.status)).toEqual(["expired"]);
    expect((await orderRow(order.orderId)).status).toBe("canceled");
  });
});

describe("the hosted page's data", () => {
  it("names the provider, the started session and the seller's identity", async () => {
    const db = await getDb();
    const { games } = await import("@/db/schema");
    await db
      .update(games)
      .set({ sellerName: "Pixel SARL", sellerAddress: "1 rue du Jeu, Paris", sellerEmail: "legal@pixel.example", termsUrl: "https://pixel.example/terms", privacyUrl: "https://pixel.example/privacy" })
      .where(eq(games.id, gameId));
    const order = await newOrder();
    const page = await getCheckoutPage(db, order.token);
    expect(page).toMatchObject({
      provider: "stripe",
      simulated: false,
      providerSessionId: null,
      seller: { name: "Pixel SARL", address: "1 rue du Jeu, Paris", email: "legal@pixel.example", termsUrl: "https://pixel.example/terms", privacyUrl: "https://pixel.example/privacy" },
    });
    await submit(order.token, "pay", { country: "FR", consent: "yes" });
    expect((await getCheckoutPage(db, order.token))?.providerSessionId).toBe(sessionsOf(order.orderId)[0]?.id);
  });
});

describe("Stripe failing", () => {
  it("Stripe unreachable: back to the page with error=refused, no session stored, Pay works once it is back", async () => {
    const order = await newOrder();
    process.env.STRIPE_API_BASE = "http://127.0.0.1:9";
    resetConfigForTests();
    try {
      const response = await submit(order.token, "pay", { country: "FR", consent: "yes" });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=refused`);
    } finally {
      process.env.STRIPE_API_BASE = mock.url;
      resetConfigForTests();
    }
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", providerSessionId: null, providerAttempt: 0 });
    const again = await submit(order.token, "pay", { country: "FR", consent: "yes" });
    expect(again.headers.get("location")).toBe(sessionsOf(order.orderId)[0]?.url);
  });

  it("a key already spent on other parameters: the next attempt's key, once", async () => {
    const order = await newOrder();
    const { stripeClient } = await import("@/server/payments/stripe-client");
    const other = { mode: "payment" as const, line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 999, product_data: { name: "Other" } } }], success_url: "https://x.example/ok" };
    await stripeClient(TEST_KEY).checkout.sessions.create(other, { idempotencyKey: `gamecoin-checkout-${order.orderId}-0` });
    const response = await submit(order.token, "pay", { country: "FR", consent: "yes" });
    const ours = sessionsOf(order.orderId);
    expect(ours).toHaveLength(1);
    expect(response.headers.get("location")).toBe(ours[0]?.url);
    expect(keysOf(order.orderId)).toEqual([`gamecoin-checkout-${order.orderId}-0`, `gamecoin-checkout-${order.orderId}-0`, `gamecoin-checkout-${order.orderId}-1`]);
    expect(await orderRow(order.orderId)).toMatchObject({ providerSessionId: ours[0]?.id, providerAttempt: 1 });
  });
});

describe("an environment without a provider", () => {
  it("a live paid pack cannot even be checked out (402), as before", async () => {
    const response = await checkout<CheckoutBody>(game.liveSecretKey, extRef("buyer"), { packSku: "p500", country: "FR" });
    expect(response.status).toBe(402);
  });
});
