import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { resetConfigForTests } from "@/server/lib/config";
import { stripeClient } from "@/server/payments/stripe-client";
import { startStripeServer, type StripeServer } from "./index";

const TEST_KEY = "sk_test_mockserver1";
const LIVE_KEY = "rk_live_mockserver1";
const OTHER_KEY = "sk_test_otheraccount";
const WHSEC = "whsec_mockserver_test";

let mock: StripeServer;
let previousBase: string | undefined;

beforeAll(async () => {
  mock = await startStripeServer();
  mock.addAccount({ secretKey: TEST_KEY, accountId: "acct_mock1" });
  mock.addAccount({ secretKey: LIVE_KEY, accountId: "acct_mock1" });
  mock.addAccount({ secretKey: OTHER_KEY, accountId: "acct_other" });
  previousBase = process.env.STRIPE_API_BASE;
  process.env.STRIPE_API_BASE = mock.url;
  resetConfigForTests();
});

afterAll(async () => {
  if (previousBase === undefined) delete process.env.STRIPE_API_BASE;
  else process.env.STRIPE_API_BASE = previousBase;
  resetConfigForTests();
  await mock.close();
});

beforeEach(() => {
  mock.clearRefundFailures();
});

const now = () => Math.floor(Date.now() / 1000);

function sessionParams(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    line_items: [{ price_data: { currency: "eur", unit_amount: 499, product_data: { name: "Pile of gems" } }, quantity: 1 }],
    client_reference_id: "ord_123",
    metadata: { order: "ord_123", game: "demo", environment: "test" },
    payment_intent_data: { metadata: { order: "ord_123" } },
    locale: "fr",
    success_url: "http://localhost:3000/pay/tok/done?session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:3000/pay/tok",
    expires_at: now() + 3600,
    ...overrides,
  };
}

async function stripeError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error("expected a Stripe error");
}

async function paidIntent(amount = 499): Promise<string> {
  const session = await stripeClient(TEST_KEY).checkout.sessions.create(
    sessionParams({ line_items: [{ price_data: { currency: "eur", unit_amount: amount, product_data: { name: "Gems" } }, quantity: 1 }] }),
  );
  await mock.paySession(session.id);
  return mock.session(session.id).payment_intent as string;
}

describe("authentication and the account look-up", () => {
  it("answers the account for a registered key, with its mode", async () => {
    const account = await stripeClient(TEST_KEY).accounts.retrieveCurrent();
    expect(account.id).toBe("acct_mock1");
    expect(account.object).toBe("account");
    expect(account.charges_enabled).toBe(true);
  });

  it("refuses an unknown key with 401 authentication error", async () => {
    const error = await stripeError(stripeClient("sk_test_unknownkey123").accounts.retrieveCurrent());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.type).toBe("StripeAuthenticationError");
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_/);
  });

  it("refuses an endpoint outside the allowed list with 404", async () => {
    const error = await stripeError(stripeClient(TEST_KEY).customers.list());
    expect(error.statusCode).toBe(404);
    expect(error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/customers\)/);
  });
});

describe("checkout sessions", () => {
  it("creates an open session with Stripe's fields and its hosted page", async () => {
    const params = sessionParams({ customer_email: "buyer@example.com" });
    const session = await stripeClient(TEST_KEY).checkout.sessions.create(params);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: 499,
      amount_subtotal: 499,
      currency: "eur",
      client_reference_id: "ord_123",
      metadata: { order: "ord_123", game: "demo", environment: "test" },
      locale: "fr",
      livemode: false,
      payment_intent: null,
      customer_email: "buyer@example.com",
      expires_at: params.expires_at,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
    });
    expect(session.url).toBe(`${mock.url}/c/pay/${session.id}`);
    const page = await fetch(session.url as string);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("€4.99");
    expect(html).toContain("Pile of gems");
  });

  it("marks live objects livemode with a live key, and hides them from another account", async () => {
    const session = await stripeClient(LIVE_KEY).checkout.sessions.create(sessionParams());
    expect(session.id).toMatch(/^cs_live_/);
    expect(session.livemode).toBe(true);
    const error = await stripeError(stripeClient(OTHER_KEY).checkout.sessions.retrieve(session.id));
    expect(error.statusCode).toBe(404);
    expect(error.code).toBe("resource_missing");
    // The test key of the same account is another mode: Stripe keeps test and live objects apart.
    expect((await stripeError(stripeClient(TEST_KEY).checkout.sessions.retrieve(session.id))).statusCode).toBe(404);
  });

  it("refuses expires_at under 30 minutes or over 24 hours ahead", async () => {
    const early = await stripeError(stripeClient(TEST_KEY).checkout.sessions.create(sessionParams({ expires_at: now() + 29 * 60 })));
    expect(early.statusCode).toBe(400);
    expect(early.param).toBe("expires_at");
    expect(early.message).toContain("at least 30 minutes");
    const late = await stripeError(stripeClient(TEST_KEY).checkout.sessions.create(sessionParams({ expires_at: now() + 24 * 3600 + 60 })));
    expect(late.statusCode).toBe(400);
    expect(late.message).toContain("less than 24 hours");
    const edge = await stripeClient(TEST_KEY).checkout.sessions.create(sessionParams({ expires_at: now() + 30 * 60 + 5 }));
    expect(edge.status).toBe("open");
  });

  it("validates what Stripe validates", async () => {
    const client = stripeClient(TEST_KEY);
    const noName = await stripeError(
      client.checkout.sessions.create(sessionParams({ line_items: [{ price_data: { currency: "eur", unit_amount: 100, product_data: {} as { name: string } }, quantity: 1 }] })),
    );
    expect([noName.statusCode, noName.code, noName.param]).toEqual([400, "parameter_missing", "line_items[0][price_data][product_data][name]"]);
    const usd = await stripeError(
      client.checkout.sessions.create(sessionParams({ line_items: [{ price_data: { currency: "usd", unit_amount: 100, product_data: { name: "x" } }, quantity: 1 }] })),
    );
    expect([usd.statusCode, usd.param]).toEqual([400, "line_items[0][price_data][currency]"]);
    const tiny = await stripeError(
      client.checkout.sessions.create(sessionParams({ line_items: [{ price_data: { currency: "eur", unit_amount: 49, product_data: { name: "x" } }, quantity: 1 }] })),
    );
    expect([tiny.statusCode, tiny.code]).toEqual([400, "amount_too_small"]);
    const noSuccess = await stripeError(client.checkout.sessions.create(sessionParams({ success_url: undefined })));
    expect([noSuccess.statusCode, noSuccess.param]).toEqual([400, "success_url"]);
    const badLocale = await stripeError(client.checkout.sessions.create(sessionParams({ locale: "xx" as Stripe.Checkout.SessionCreateParams.Locale })));
    expect([badLocale.statusCode, badLocale.param]).toEqual([400, "locale"]);
    const unknown = await stripeError(client.checkout.sessions.create({ ...sessionParams(), allow_promotion_codes: true }));
    expect([unknown.statusCode, unknown.code, unknown.param]).toEqual([400, "parameter_unknown", "allow_promotion_codes"]);
    const fraction = await stripeError(
      client.checkout.sessions.create(sessionParams({ line_items: [{ price_data: { currency: "eur", unit_amount: 1.5, product_data: { name: "x" } }, quantity: 1 }] })),
    );
    expect([fraction.statusCode, fraction.code]).toEqual([400, "parameter_invalid_integer"]);
  });

  it("retrieves a session, expanding its payment intent once paid", async () => {
    const client = stripeClient(TEST_KEY);
    const created = await client.checkout.sessions.create(sessionParams());
    expect((await client.checkout.sessions.retrieve(created.id)).status).toBe("open");
    await mock.paySession(created.id);
    const session = await client.checkout.sessions.retrieve(created.id, { expand: ["payment_intent"] });
    expect(session.status).toBe("complete");
    expect(session.payment_status).toBe("paid");
    expect(session.url).toBeNull();
    const intent = session.payment_intent as Stripe.PaymentIntent;
    expect(intent.object).toBe("payment_intent");
    expect(intent.status).toBe("succeeded");
    expect(intent.amount_received).toBe(499);
    expect(intent.metadata).toEqual({ order: "ord_123" });
    const charge = await client.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ object: "charge", amount: 499, paid: true, status: "succeeded", payment_intent: intent.id, refunded: false, metadata: { order: "ord_123" } });
    expect((await client.paymentIntents.retrieve(intent.id)).id).toBe(intent.id);
  });

  it("expires an open session only", async () => {
    const client = stripeClient(TEST_KEY);
    const created = await client.checkout.sessions.create(sessionParams());
    const before = mock.events.length;
    const expired = await client.checkout.sessions.expire(created.id);
    expect(expired.status).toBe("expired");
    expect(expired.url).toBeNull();
    expect(mock.events.slice(before).map((e) => e.type)).toEqual(["checkout.session.expired"]);
    const again = await stripeError(client.checkout.sessions.expire(created.id));
    expect(again.statusCode).toBe(400);
    expect(again.message).toContain('status in ["open"]');
    const missing = await stripeError(client.checkout.sessions.retrieve("cs_test_nosuch"));
    expect([missing.statusCode, missing.code]).toEqual([404, "resource_missing"]);
  });
});

describe("time", () => {
  it("expires the open sessions past their expires_at, and the hosted page no longer takes payment", async () => {
    const client = stripeClient(TEST_KEY);
    const session = await client.checkout.sessions.create(sessionParams({ expires_at: now() + 45 * 60 }));
    const later = await client.checkout.sessions.create(sessionParams({ expires_at: now() + 3 * 3600 }));
    mock.advanceTime(46 * 60);
    try {
      await expect(mock.paySession(session.id)).rejects.toThrow(/expired at/);
      const events = await mock.expireDue();
      // Earlier tests' sessions may be due too; this one is, the later one is not.
      const expired = events.map((e) => (e.data.object as { id: string }).id);
      expect(new Set(events.map((e) => e.type))).toEqual(new Set(["checkout.session.expired"]));
      expect(expired).toContain(session.id);
      expect(expired).not.toContain(later.id);
      expect((await client.checkout.sessions.retrieve(session.id)).status).toBe("expired");
      expect((await client.checkout.sessions.retrieve(later.id)).status).toBe("open");
    } finally {
      mock.advanceTime(-46 * 60);
    }
  });
});

describe("idempotency", () => {
  it("replays the same key and body, refuses the same key with another body", async () => {
    const client = stripeClient(TEST_KEY);
    const params = sessionParams();
    const first = await client.checkout.sessions.create(params, { idempotencyKey: "order-1-attempt-1" });
    const replay = await client.checkout.sessions.create(params, { idempotencyKey: "order-1-attempt-1" });
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(mock.sessions({ clientReferenceId: "ord_123" }).filter((s) => s.id === first.id)).toHaveLength(1);
    const conflict = await stripeError(client.checkout.sessions.create({ ...params, locale: "nl" }, { idempotencyKey: "order-1-attempt-1" }));
    expect(conflict.statusCode).toBe(400);
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("does not store a request refused by validation", async () => {
    const client = stripeClient(TEST_KEY);
    const bad = await stripeError(client.checkout.sessions.create(sessionParams({ expires_at: now() + 60 }), { idempotencyKey: "val-1" }));
    expect(bad.statusCode).toBe(400);
    const fixed = await client.checkout.sessions.create(sessionParams(), { idempotencyKey: "val-1" });
    expect(fixed.status).toBe("open");
  });
});

describe("refunds and disputes", () => {
  it("refunds a paid intent fully or partly, never more than is left", async () => {
    const client = stripeClient(TEST_KEY);
    const intent = await paidIntent(1000);
    const partial = await client.refunds.create({ payment_intent: intent, amount: 300, reason: "requested_by_customer", metadata: { order: "ord_1" } });
    expect(partial).toMatchObject({ object: "refund", amount: 300, status: "succeeded", payment_intent: intent, reason: "requested_by_customer", metadata: { order: "ord_1" } });
    expect((await client.refunds.retrieve(partial.id)).amount).toBe(300);
    const tooMuch = await stripeError(client.refunds.create({ payment_intent: intent, amount: 800 }));
    expect([tooMuch.statusCode, tooMuch.code]).toEqual([400, "amount_too_large"]);
    const rest = await client.refunds.create({ payment_intent: intent });
    expect(rest.amount).toBe(700);
    const charge = await client.charges.retrieve(rest.charge as string);
    expect([charge.amount_refunded, charge.refunded]).toEqual([1000, true]);
    const again = await stripeError(client.refunds.create({ charge: charge.id }));
    expect([again.statusCode, again.code]).toEqual([400, "charge_already_refunded"]);
    expect(mock.events.filter((e) => e.type === "charge.refunded" && (e.data.object as { id: string }).id === charge.id)).toHaveLength(2);
  });

  it("refuses to refund an unpaid intent", async () => {
    const client = stripeClient(TEST_KEY);
    const session = await client.checkout.sessions.create(sessionParams());
    await mock.paySession(session.id, { async: true });
    const intent = mock.session(session.id).payment_intent as string;
    const error = await stripeError(client.refunds.create({ payment_intent: intent }));
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain("does not have a successful charge to refund");
    const missing = await stripeError(client.refunds.create({ payment_intent: "pi_nosuch" }));
    expect([missing.statusCode, missing.code]).toEqual([404, "resource_missing"]);
  });

  it("fails refunds on request: refused (402, stored with its key) and network failures", async () => {
    const client = stripeClient(TEST_KEY);
    const intent = await paidIntent();
    mock.failRefundsFor(intent, "refused");
    const refused = await stripeError(client.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${intent}` }));
    expect(refused.statusCode).toBe(402);
    expect(refused.code).toBe("balance_insufficient");
    mock.clearRefundFailures(intent);
    // Stripe stores the refusal under its key: the same key replays it until the key is forgotten.
    const replayed = await stripeError(client.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${intent}` }));
    expect(replayed.statusCode).toBe(402);
    expect((await client.charges.retrieve((await client.paymentIntents.retrieve(intent)).latest_charge as string)).amount_refunded).toBe(0);

    mock.failRefundsFor(intent, "network-before");
    const sent = mock.requests.length;
    const lost = await stripeError(client.refunds.create({ payment_intent: intent }, { idempotencyKey: `net-${intent}` }));
    expect(lost).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    // The SDK retried the closed connection once by itself, with the same key.
    expect(mock.requests.slice(sent).map((r) => r.idempotencyKey)).toEqual([`net-${intent}`, `net-${intent}`]);
    expect(mock.state.all<{ id: string; object: string; payment_intent: string }>("refund").filter((r) => r.payment_intent === intent)).toHaveLength(0);
    mock.failRefundsFor(intent, "network-after");
    const lostAnswer = await stripeError(client.refunds.create({ payment_intent: intent }, { idempotencyKey: `net-${intent}` }));
    expect(lostAnswer).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    mock.clearRefundFailures(intent);
    // The refund was made before the answer was lost: the retry with the same key gets it, once.
    const retry = await client.refunds.create({ payment_intent: intent }, { idempotencyKey: `net-${intent}` });
    expect(retry.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(retry.amount).toBe(499);
    expect(mock.state.all<{ id: string; object: string; payment_intent: string }>("refund").filter((r) => r.payment_intent === intent)).toHaveLength(1);
  });

  it("opens and closes a dispute; a disputed charge cannot be refunded", async () => {
    const client = stripeClient(TEST_KEY);
    const intent = await paidIntent();
    const created = await mock.openDispute(intent);
    expect(created.type).toBe("charge.dispute.created");
    const dispute = created.data.object as { id: string; status: string; amount: number; payment_intent: string };
    expect([dispute.status, dispute.amount, dispute.payment_intent]).toEqual(["needs_response", 499, intent]);
    expect((await client.disputes.retrieve(dispute.id)).status).toBe("needs_response");
    const refused = await stripeError(client.refunds.create({ payment_intent: intent }));
    expect([refused.statusCode, refused.code]).toEqual([400, "charge_disputed"]);
    const closed = await mock.closeDispute(dispute.id, "won");
    expect(closed.type).toBe("charge.dispute.closed");
    expect((closed.data.object as { status: string }).status).toBe("won");
    expect(closed.data.previous_attributes).toEqual({ status: "needs_response" });
    expect((await client.disputes.retrieve(dispute.id)).status).toBe("won");
  });

  it("refunds from the dashboard: charge.refunded, full or partial", async () => {
    const intent = await paidIntent(1000);
    const partial = await mock.refundFromDashboard(intent, { amount: 250 });
    expect(partial.type).toBe("charge.refunded");
    expect(partial.data.object).toMatchObject({ amount: 1000, amount_refunded: 250, refunded: false, payment_intent: intent });
    const full = await mock.refundFromDashboard(intent);
    expect(full.data.object).toMatchObject({ amount_refunded: 1000, refunded: true });
    expect(full.data.previous_attributes).toEqual({ amount_refunded: 250, refunded: false });
  });
});

describe("events and webhooks", () => {
  it("produces Stripe events the SDK's constructEvent accepts, and refuses with another secret", async () => {
    const client = stripeClient(TEST_KEY);
    const session = await client.checkout.sessions.create(sessionParams());
    const event = await mock.paySession(session.id);
    expect(event.id).toMatch(/^evt_/);
    expect(event).toMatchObject({ object: "event", type: "checkout.session.completed", livemode: false, api_version: Stripe.API_VERSION });
    expect(event.data.object).toMatchObject({ id: session.id, payment_status: "paid", status: "complete" });
    const { payload, header } = mock.sign(event, WHSEC);
    const parsed = client.webhooks.constructEvent(payload, header, WHSEC, 300);
    expect(parsed.id).toBe(event.id);
    expect(() => client.webhooks.constructEvent(payload, header, "whsec_other", 300)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const old = mock.sign(event, WHSEC, now() - 600);
    expect(() => client.webhooks.constructEvent(old.payload, old.header, WHSEC, 300)).toThrow(/Timestamp outside the tolerance zone/);
  });

  it("async payments: completed unpaid, then async_payment_succeeded or _failed", async () => {
    const client = stripeClient(TEST_KEY);
    const ok = await client.checkout.sessions.create(sessionParams());
    const completed = await mock.paySession(ok.id, { async: true });
    expect(completed.data.object).toMatchObject({ status: "complete", payment_status: "unpaid" });
    expect((await client.paymentIntents.retrieve(mock.session(ok.id).payment_intent as string)).status).toBe("processing");
    const succeeded = await mock.settleSession(ok.id, "succeeded");
    expect(succeeded.type).toBe("checkout.session.async_payment_succeeded");
    expect(succeeded.data.object).toMatchObject({ payment_status: "paid" });
    const ko = await client.checkout.sessions.create(sessionParams());
    await mock.paySession(ko.id, { async: true });
    const failed = await mock.settleSession(ko.id, "failed");
    expect(failed.type).toBe("checkout.session.async_payment_failed");
    expect(failed.data.object).toMatchObject({ payment_status: "unpaid" });
    expect((await client.paymentIntents.retrieve(mock.session(ko.id).payment_intent as string)).status).toBe("requires_payment_method");
  });

  it("delivers signed events to the webhook URL, and the hosted page pays then redirects", async () => {
    const received: { signature: string; body: string }[] = [];
    const { createServer } = await import("node:http");
    const sink = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (c: Buffer) => chunks.push(c));
      request.on("end", () => {
        received.push({ signature: String(request.headers["stripe-signature"]), body: Buffer.concat(chunks).toString("utf8") });
        response.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    const sinkUrl = `http://127.0.0.1:${(sink.address() as { port: number }).port}/hook`;
    try {
      mock.setWebhook(LIVE_KEY, sinkUrl, WHSEC);
      const client = stripeClient(LIVE_KEY);
      const session = await client.checkout.sessions.create(sessionParams());
      const pay = await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
      expect(pay.status).toBe(303);
      expect(pay.headers.get("location")).toBe(`http://localhost:3000/pay/tok/done?session=${session.id}`);
      expect(received).toHaveLength(1);
      const event = client.webhooks.constructEvent((received[0] as { body: string }).body, (received[0] as { signature: string }).signature, WHSEC, 300);
      expect(event.type).toBe("checkout.session.completed");
      expect(event.livemode).toBe(true);
      expect(mock.deliveries.at(-1)).toMatchObject({ eventId: event.id, status: 200 });
      // A closed session's page says so instead of offering to pay again.
      expect(await (await fetch(session.url as string)).text()).toContain("no longer available");
      // The HTTP controls (for e2e) reach the same mock.
      const events = (await (await fetch(`${mock.url}/__mock/events`)).json()) as { data: { id: string }[] };
      expect(events.data.map((e) => e.id)).toContain(event.id);
    } finally {
      mock.setWebhook(LIVE_KEY, null);
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });
});
