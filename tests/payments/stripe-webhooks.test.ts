import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { orders, players } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { getOrderDetail } from "@/server/orders/get-order-detail";
import { reconcilePayments } from "@/server/payments/reconcile";
import { extRef, useDatabase } from "../harness";
import { apiError } from "../domain-helpers";
import { startSmtpCapture } from "../email/smtp-capture";
import { assertLedgerInvariants, balanceOf, ledgerOfOrder, orderRow, outboxOf } from "../order-helpers";
import type { StripeServer } from "../support/stripe-server";
import { pendingOrder, submit, useStripe } from "./checkout-helpers";
import { gameSharingAccount, openCheckout, paidCheckout, paymentEvent, paymentEventsOf, postEvent, startStripe, stripeGame, type StripeGame, type StripeSetup } from "./helpers";

useDatabase();

let setup: StripeSetup;
let mock: StripeServer;
let sg: StripeGame;
beforeAll(async () => {
  setup = await startStripe();
  mock = setup.mock;
  sg = await stripeGame(mock);
});
afterAll(async () => {
  await setup.restore();
});
afterEach(async () => {
  clock.reset();
  await assertLedgerInvariants(sg.game);
});

const processed = { status: 200, body: { received: true, status: "processed" } };
const answered = (status: string) => ({ status: 200, body: { received: true, status } });
const coins = (ref: string) => balanceOf(sg.game.secretKey, ref, "coins");
const ledgerTypes = async (orderId: string) => (await ledgerOfOrder(orderId)).map((e) => [e.type, e.paidDelta, e.bonusDelta]);
const outboxTypes = async (orderId: string) => (await outboxOf(orderId)).map((e) => e.type).sort();

describe("checkout.session events", () => {
  it("completed and paid: fulfilled through payOrder, the PaymentIntent kept, order.fulfilled and wallet.credited, the event processed", async () => {
    const open = await openCheckout(mock, sg);
    const event = await mock.paySession(open.sessionId, { deliver: false });
    expect(await postEvent(sg, mock, event)).toEqual(processed);
    const row = await orderRow(open.orderId);
    const session = mock.session(open.sessionId);
    expect(row).toMatchObject({ status: "fulfilled", providerReference: session.payment_intent, providerSessionId: open.sessionId });
    expect(row.providerReference).toMatch(/^pi_/);
    expect(await coins(open.ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    expect(await outboxTypes(open.orderId)).toEqual(["order.fulfilled", "wallet.credited"]);
    expect(await paymentEvent(event.id)).toMatchObject({ type: "checkout.session.completed", status: "processed", orderId: open.orderId, gameId: sg.gameId, env: "test" });
  });

  it("the same event twice: the second is answered 200 'duplicate' and changes nothing", async () => {
    const open = await openCheckout(mock, sg);
    const event = await mock.paySession(open.sessionId, { deliver: false });
    const [first, second] = await Promise.all([postEvent(sg, mock, event), postEvent(sg, mock, event)]);
    expect([first, second].map((a) => a.body.status).sort()).toEqual(["duplicate", "processed"]);
    expect(await postEvent(sg, mock, event)).toEqual(answered("duplicate"));
    expect(await ledgerTypes(open.orderId)).toEqual([["purchase_credit", 500, 50]]);
    expect(await paymentEventsOf(open.orderId)).toHaveLength(1);
  });

  it("async: completed unpaid is ignored (still pending), then async_payment_succeeded fulfills", async () => {
    const open = await openCheckout(mock, sg);
    const completed = await mock.paySession(open.sessionId, { async: true, deliver: false });
    expect(await postEvent(sg, mock, completed)).toEqual(answered("ignored"));
    expect((await orderRow(open.orderId)).status).toBe("pending");
    const succeeded = await mock.settleSession(open.sessionId, "succeeded", { deliver: false });
    expect(await postEvent(sg, mock, succeeded)).toEqual(processed);
    expect((await orderRow(open.orderId)).status).toBe("fulfilled");
    expect(await coins(open.ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
  });

  it("async out of order: async_payment_succeeded before completed fulfills; the late completed is ignored", async () => {
    const open = await openCheckout(mock, sg);
    const completed = await mock.paySession(open.sessionId, { async: true, deliver: false });
    const succeeded = await mock.settleSession(open.sessionId, "succeeded", { deliver: false });
    expect(await postEvent(sg, mock, succeeded)).toEqual(processed);
    expect(await postEvent(sg, mock, completed)).toEqual(answered("ignored"));
    expect((await orderRow(open.orderId)).status).toBe("fulfilled");
    expect(await ledgerTypes(open.orderId)).toEqual([["purchase_credit", 500, 50]]);
  });

  it("async failure: failed, nothing credited, the stock unit released", async () => {
    const open = await openCheckout(mock, sg);
    await mock.paySession(open.sessionId, { async: true, deliver: false });
    const failed = await mock.settleSession(open.sessionId, "failed", { deliver: false });
    expect(await postEvent(sg, mock, failed)).toEqual(processed);
    expect(await orderRow(open.orderId)).toMatchObject({ status: "failed", paidAt: null });
    expect(await ledgerTypes(open.orderId)).toEqual([]);
    expect(await outboxTypes(open.orderId)).toEqual([]);
  });

  it("expired: the order expires", async () => {
    const open = await openCheckout(mock, sg);
    const expired = await mock.expireSession(open.sessionId, { deliver: false });
    expect(await postEvent(sg, mock, expired)).toEqual(processed);
    expect((await orderRow(open.orderId)).status).toBe("expired");
  });

  it("the expiry of a session that is no longer the order's (a country change replaced it) is ignored", async () => {
    const open = await openCheckout(mock, sg);
    await (await getDb()).update(orders).set({ providerSessionId: "cs_test_the_new_one" }).where(eq(orders.id, open.orderId));
    const expired = await mock.expireSession(open.sessionId, { deliver: false });
    expect(await postEvent(sg, mock, expired)).toEqual(answered("ignored"));
    expect(await paymentEvent(expired.id)).toMatchObject({ detail: `Session ${open.sessionId} is not the order's current checkout.` });
    expect((await orderRow(open.orderId)).status).toBe("pending");
  });

  it("an amount that does not match the order is refused (200), logged, never fulfilled", async () => {
    const open = await openCheckout(mock, sg);
    const event = await mock.paySession(open.sessionId, { deliver: false });
    event.data.object.amount_total = 1;
    expect(await postEvent(sg, mock, event)).toEqual(answered("refused"));
    expect((await orderRow(open.orderId)).status).toBe("pending");
    expect(await paymentEvent(event.id)).toMatchObject({ status: "refused", detail: "Stripe's amount 1 eur does not match the order's 499 eur." });
    expect(await ledgerTypes(open.orderId)).toEqual([]);
  });

  it("a currency, or metadata naming another game, is refused too", async () => {
    const open = await openCheckout(mock, sg);
    const usd = await mock.paySession(open.sessionId, { deliver: false });
    usd.data.object.currency = "usd";
    expect(await postEvent(sg, mock, usd)).toEqual(answered("refused"));
    const foreign = structuredClone(usd);
    foreign.id = `${usd.id}x`;
    foreign.data.object.currency = "eur";
    foreign.data.object.metadata = { orderId: open.orderId, gameId: "another-game", env: "test" };
    expect(await postEvent(sg, mock, foreign)).toEqual(answered("refused"));
    expect(await paymentEvent(foreign.id)).toMatchObject({ status: "refused", detail: "The event names another game." });
    expect((await orderRow(open.orderId)).status).toBe("pending");
  });
});

describe("refused at the door: 400 in the envelope, nothing recorded", () => {
  it("a forged signature", async () => {
    const open = await openCheckout(mock, sg);
    const event = await mock.paySession(open.sessionId, { deliver: false });
    const answer = await postEvent(sg, mock, event, { secret: "whsec_forged_by_someone" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(apiError("VALIDATION_FAILED"));
    expect((await orderRow(open.orderId)).status).toBe("pending");
    expect(await paymentEvent(event.id)).toBeUndefined();
  });

  it("a signature older than 5 minutes", async () => {
    const open = await openCheckout(mock, sg);
    const event = await mock.paySession(open.sessionId, { deliver: false });
    const answer = await postEvent(sg, mock, event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(answer.status).toBe(400);
    expect(await paymentEvent(event.id)).toBeUndefined();
    // Within the tolerance it is accepted.
    expect(await postEvent(sg, mock, event, { timestamp: Math.floor(Date.now() / 1000) - 240 })).toEqual(processed);
  });

  it("a correctly signed body that is not the shape of its event type", async () => {
    const open = await openCheckout(mock, sg);
    const event = await mock.paySession(open.sessionId, { deliver: false });
    const malformed = structuredClone(event);
    malformed.data.object.amount_total = "499";
    const answer = await postEvent(sg, mock, malformed);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(apiError("VALIDATION_FAILED"));
    const bare = { ...structuredClone(event), data: {} } as unknown as typeof event;
    expect((await postEvent(sg, mock, bare)).status).toBe(400);
    expect((await orderRow(open.orderId)).status).toBe("pending");
    expect(await paymentEvent(event.id)).toBeUndefined();
  });

  it("an unknown game, an unknown environment, an environment without Stripe, a missing header", async () => {
    const open = await openCheckout(mock, sg);
    const event = await mock.paySession(open.sessionId, { deliver: false });
    for (const url of [sg.url.replace(sg.game.slug, "no-such-game"), sg.url.replace(/\/test$/, "/prod"), sg.url.replace(/\/test$/, "/live")]) {
      const answer = await postEvent(sg, mock, event, { url });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(apiError("VALIDATION_FAILED"));
    }
    const missing = await fetch(sg.url, { method: "POST", body: JSON.stringify(event) });
    expect(missing.status).toBe(400);
    expect((await orderRow(open.orderId)).status).toBe("pending");
    expect(await paymentEvent(event.id)).toBeUndefined();
  });
});

describe("charge events", () => {
  it("a full refund made in Stripe's dashboard: refunded, coins and items taken back, order.refunded", async () => {
    const paid = await paidCheckout(mock, sg);
    const event = await mock.refundFromDashboard(paid.paymentIntent, { deliver: false });
    expect(await postEvent(sg, mock, event)).toEqual(processed);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "refunded", refundReason: null, refundRequestedAt: null });
    expect(await ledgerTypes(paid.orderId)).toEqual([
      ["purchase_credit", 500, 50],
      ["refund_clawback", -500, -50],
    ]);
    expect(await outboxTypes(paid.orderId)).toEqual(["order.fulfilled", "order.refunded", "wallet.credited"]);
    // Its redelivery, or a second refund event for the same order, changes nothing.
    expect(await postEvent(sg, mock, event)).toEqual(answered("duplicate"));
  });

  it("a partial refund is recorded for staff (ignored with the amounts); the order stays fulfilled", async () => {
    const paid = await paidCheckout(mock, sg);
    const event = await mock.refundFromDashboard(paid.paymentIntent, { amount: 200, deliver: false });
    expect(await postEvent(sg, mock, event)).toEqual(answered("ignored"));
    expect((await orderRow(paid.orderId)).status).toBe("fulfilled");
    expect(await paymentEvent(event.id)).toMatchObject({
      status: "ignored",
      orderId: paid.orderId,
      detail: "Partial refund of 200 of 499 cents: the order stays fulfilled and nothing is taken back.",
    });
    expect(await coins(paid.ref)).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    // Staff see it on the order's page.
    const detail = await getOrderDetail(await getDb(), { gameId: sg.gameId, env: "test" }, paid.orderId);
    expect(detail.order).toMatchObject({ providerReference: paid.paymentIntent, refundRequestedAt: null, disputeStatus: null });
    expect(detail.providerEvents.map((e) => [e.type, e.status, e.detail])).toEqual([
      ["checkout.session.completed", "processed", null],
      ["charge.refunded", "ignored", "Partial refund of 200 of 499 cents: the order stays fulfilled and nothing is taken back."],
    ]);
  });

  it("a refund that arrives before the payment: deferred, then re-processed by reconciliation in the right order", async () => {
    const open = await openCheckout(mock, sg);
    const completed = await mock.paySession(open.sessionId, { deliver: false });
    const paymentIntent = mock.session(open.sessionId).payment_intent;
    if (typeof paymentIntent !== "string") throw new Error("no PaymentIntent");
    const refunded = await mock.refundFromDashboard(paymentIntent, { deliver: false });
    expect(await postEvent(sg, mock, refunded)).toEqual(answered("deferred"));
    expect(await paymentEvent(refunded.id)).toMatchObject({ status: "deferred", orderId: open.orderId, detail: "The refund arrived before the payment was recorded." });
    expect(await postEvent(sg, mock, completed)).toEqual(processed);
    expect((await orderRow(open.orderId)).status).toBe("fulfilled");
    await reconcilePayments(await getDb(), 1000);
    expect((await orderRow(open.orderId)).status).toBe("refunded");
    expect(await paymentEvent(refunded.id)).toMatchObject({ status: "processed" });
    expect(await ledgerTypes(open.orderId)).toEqual([
      ["purchase_credit", 500, 50],
      ["refund_clawback", -500, -50],
    ]);
  });

  it("a dispute before the payment is deferred, then re-processed; one never resolved is given up after three days", async () => {
    const open = await openCheckout(mock, sg);
    const completed = await mock.paySession(open.sessionId, { deliver: false });
    const paymentIntent = mock.session(open.sessionId).payment_intent;
    if (typeof paymentIntent !== "string") throw new Error("no PaymentIntent");
    const dispute = await mock.openDispute(paymentIntent, { deliver: false });
    expect(await postEvent(sg, mock, dispute)).toEqual(answered("deferred"));
    await reconcilePayments(await getDb(), 1000);
    expect(await paymentEvent(dispute.id)).toMatchObject({ status: "deferred" });
    expect(await postEvent(sg, mock, completed)).toEqual(processed);
    await reconcilePayments(await getDb(), 1000);
    expect(await paymentEvent(dispute.id)).toMatchObject({ status: "processed" });
    expect((await orderRow(open.orderId)).status).toBe("chargeback");

    const never = await openCheckout(mock, sg);
    await mock.paySession(never.sessionId, { deliver: false });
    const neverIntent = mock.session(never.sessionId).payment_intent;
    if (typeof neverIntent !== "string") throw new Error("no PaymentIntent");
    const orphan = await mock.refundFromDashboard(neverIntent, { deliver: false });
    expect(await postEvent(sg, mock, orphan)).toEqual(answered("deferred"));
    clock.freeze(new Date(Date.now() + 3 * 24 * 3_600_000 + 60_000));
    await reconcilePayments(await getDb(), 1000);
    expect(await paymentEvent(orphan.id)).toMatchObject({ status: "ignored", detail: "Given up after three days deferred: The refund arrived before the payment was recorded." });
  });

  it("a dispute: chargeback with clawback and order.chargeback; closed won is recorded, the order stays chargeback", async () => {
    const paid = await paidCheckout(mock, sg);
    const created = await mock.openDispute(paid.paymentIntent, { deliver: false });
    expect(await postEvent(sg, mock, created)).toEqual(processed);
    const disputeId = (created.data.object as { id: string }).id;
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "chargeback", disputeReference: disputeId, disputeStatus: "needs_response" });
    expect(await ledgerTypes(paid.orderId)).toEqual([
      ["purchase_credit", 500, 50],
      ["chargeback_clawback", -500, -50],
    ]);
    expect(await outboxTypes(paid.orderId)).toEqual(["order.chargeback", "order.fulfilled", "wallet.credited"]);
    const won = await mock.closeDispute(disputeId, "won", { deliver: false });
    expect(await postEvent(sg, mock, won)).toEqual(processed);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "chargeback", disputeStatus: "won", disputeReference: disputeId });
    expect((await getOrderDetail(await getDb(), { gameId: sg.gameId, env: "test" }, paid.orderId)).order).toMatchObject({
      status: "chargeback",
      disputeStatus: "won",
      disputeReference: disputeId,
    });
    expect(await ledgerTypes(paid.orderId)).toHaveLength(2);
  });

  it("a dispute closed lost whose creation was missed: chargeback then", async () => {
    const paid = await paidCheckout(mock, sg);
    const created = await mock.openDispute(paid.paymentIntent, { deliver: false });
    const disputeId = (created.data.object as { id: string }).id;
    const lost = await mock.closeDispute(disputeId, "lost", { deliver: false });
    expect(await postEvent(sg, mock, lost)).toEqual(processed);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "chargeback", disputeStatus: "lost" });
    expect(await postEvent(sg, mock, created)).toEqual(processed);
    expect(await ledgerTypes(paid.orderId)).toHaveLength(2);
  });
});

describe("two games on one Stripe account", () => {
  it.each([["the other game first", true], ["the owning game first", false]] as const)(
    "a dispute delivered to both endpoints is applied by the game it is for (%s), and recorded once per endpoint",
    async (_label, otherFirst) => {
      const other = await gameSharingAccount(sg);
      const paid = await paidCheckout(mock, sg);
      const created = await mock.openDispute(paid.paymentIntent, { deliver: false });
      const toOther = () => postEvent(other, mock, created);
      const toOwner = () => postEvent(sg, mock, created);
      const [first, second] = otherFirst ? [await toOther(), await toOwner()] : [await toOwner(), await toOther()];
      const [ownerAnswer, otherAnswer] = otherFirst ? [second, first] : [first, second];
      expect(ownerAnswer).toEqual(processed);
      expect(otherAnswer.status).toBe(200);
      expect(otherAnswer.body.status).not.toBe("duplicate");
      expect(otherAnswer.body.status).not.toBe("processed");
      expect(await orderRow(paid.orderId)).toMatchObject({ status: "chargeback", disputeStatus: "needs_response" });
      expect(await coins(paid.ref)).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
      expect(await paymentEvent(created.id, sg.gameId)).toMatchObject({ status: "processed", orderId: paid.orderId });
      expect((await paymentEvent(created.id, other.gameId))?.status).toBe(otherAnswer.body.status);
      // Each endpoint's redelivery is its own duplicate.
      expect(await toOwner()).toEqual(answered("duplicate"));
      expect(await toOther()).toEqual(answered("duplicate"));
      await assertLedgerInvariants(other.game);
    },
  );
});

describe("the receipt", () => {
  it("goes out once after Stripe's payment is recorded, to the player's address", async () => {
    const smtp = await startSmtpCapture();
    try {
      const open = await openCheckout(mock, sg);
      const { playerId } = await orderRow(open.orderId);
      await (await getDb()).update(players).set({ email: "stripe-buyer@example.com" }).where(eq(players.id, playerId));
      const event = await mock.paySession(open.sessionId, { deliver: false });
      expect(await postEvent(sg, mock, event)).toEqual(processed);
      expect(await postEvent(sg, mock, event)).toEqual(answered("duplicate"));
      await expect.poll(() => smtp.messages.filter((m) => m.to.includes("stripe-buyer@example.com")).length).toBe(1);
      const [mail] = smtp.messages;
      expect(mail?.text).toContain(open.orderId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

describe("live", () => {
  it("a live pack sold through Stripe's live mode: fulfilled by the live endpoint; a test-mode event there is 400", async () => {
    const liveKey = `sk_live_p4${Date.now()}`;
    const liveSecret = `whsec_live_p4${Date.now()}`;
    mock.addAccount({ secretKey: liveKey, accountId: `acct_live_p4${Date.now()}` });
    await useStripe(sg.gameId, "live", liveKey, liveSecret);
    const order = await pendingOrder(sg.game.liveSecretKey, extRef("live-buyer"));
    expect((await submit(order.token, "pay", { country: "FR", consent: "yes" })).status).toBe(303);
    const session = mock.sessions({ clientReferenceId: order.orderId })[0];
    if (!session) throw new Error("no session");
    expect(session.livemode).toBe(true);
    const liveUrl = sg.url.replace(/\/test$/, "/live");
    const event = await mock.paySession(session.id, { deliver: false });
    // Signed with the test environment's secret, or sent to the test endpoint: refused at the door.
    expect((await postEvent(sg, mock, event)).status).toBe(400);
    expect((await postEvent(sg, mock, event, { url: liveUrl })).status).toBe(400);
    expect(await postEvent(sg, mock, event, { url: liveUrl, secret: liveSecret })).toEqual(processed);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled", env: "live" });
    expect(await balanceOf(sg.game.liveSecretKey, order.ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    // A test-mode event, validly signed with the live secret, never reaches a live order.
    const open = await openCheckout(mock, sg);
    const testEvent = await mock.paySession(open.sessionId, { deliver: false });
    const answer = await postEvent(sg, mock, testEvent, { url: liveUrl, secret: liveSecret });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(apiError("VALIDATION_FAILED"));
    expect(await paymentEvent(testEvent.id)).toBeUndefined();
  });
});
