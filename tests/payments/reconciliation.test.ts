import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as cronRoute } from "@/app/api/cron/[job]/route";
import { getDb } from "@/server/db/connection";
import { gameEnvironments, orders } from "@/db/schema";
import { expirePendingOrders } from "@/server/jobs/expire-orders";
import { clock } from "@/server/lib/clock";
import { resetConfigForTests } from "@/server/lib/config";
import { reconcilePayments, settleFromProviderSession } from "@/server/payments/reconcile";
import { checkPaymentSettings, writePaymentSettings } from "@/server/payments/payment-settings";
import { captureLogsForTests } from "@/server/observability/logger";
import { useDatabase } from "../harness";
import { useStripe } from "./checkout-helpers";
import { assertLedgerInvariants, balanceOf, ledgerOfOrder, orderRow, outboxOf } from "../order-helpers";
import type { StripeServer } from "../support/stripe-server";
import { gameSharingAccount, openCheckout, paidCheckout, paymentEvent, postEvent, startStripe, stripeGame, type StripeGame, type StripeSetup } from "./helpers";

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

const scope = () => ({ gameId: sg.gameId, env: "test" as const });
const later = (minutes: number) => clock.freeze(new Date(Date.now() + minutes * 60_000));
const credits = async (orderId: string) => (await ledgerOfOrder(orderId)).filter((e) => e.type === "purchase_credit").length;

async function setExpiry(orderId: string, expiresAt: Date): Promise<void> {
  await (await getDb()).update(orders).set({ expiresAt }).where(eq(orders.id, orderId));
}

describe("the payments job", () => {
  it("a paid session whose webhook was lost: fulfilled by reading the session, with the same events; the late webhook changes nothing", async () => {
    const open = await openCheckout(mock, sg);
    const lost = await mock.paySession(open.sessionId, { deliver: false });
    // A fresh order is left to its webhook for a minute.
    await reconcilePayments(await getDb(), 1000);
    expect((await orderRow(open.orderId)).status).toBe("pending");
    later(2);
    const counts = await reconcilePayments(await getDb(), 1000);
    expect(counts.settled).toBeGreaterThanOrEqual(1);
    const row = await orderRow(open.orderId);
    expect(row).toMatchObject({ status: "fulfilled", providerReference: mock.session(open.sessionId).payment_intent });
    expect(await balanceOf(sg.game.secretKey, open.ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    expect((await outboxOf(open.orderId)).map((e) => e.type).sort()).toEqual(["order.fulfilled", "wallet.credited"]);
    expect(await paymentEvent(`reconcile_${open.sessionId}_complete`)).toMatchObject({ status: "processed", orderId: open.orderId });
    clock.reset();
    expect(await postEvent(sg, mock, lost)).toEqual({ status: 200, body: { received: true, status: "ignored" } });
    expect(await credits(open.orderId)).toBe(1);
  });

  it("an open session past the order's expiry is expired at Stripe first, then the order", async () => {
    const open = await openCheckout(mock, sg);
    await setExpiry(open.orderId, new Date(Date.now() - 60_000));
    later(2);
    await reconcilePayments(await getDb(), 1000);
    expect(mock.session(open.sessionId).status).toBe("expired");
    expect((await orderRow(open.orderId)).status).toBe("expired");
  });

  it("a session still open, or paid by a delayed method not yet settled, leaves the order pending", async () => {
    const open = await openCheckout(mock, sg);
    const delayed = await openCheckout(mock, sg);
    await mock.paySession(delayed.sessionId, { async: true, deliver: false });
    later(2);
    await reconcilePayments(await getDb(), 1000);
    expect((await orderRow(open.orderId)).status).toBe("pending");
    expect((await orderRow(delayed.orderId)).status).toBe("pending");
  });

  it("runs from the cron route as job `payments`, and in `all`", async () => {
    const before = process.env.CRON_SECRET;
    process.env.CRON_SECRET = "cron-secret-for-payments-tests-0123";
    resetConfigForTests();
    try {
      const run = (job: string) =>
        cronRoute(new Request(`http://localhost:3000/api/cron/${job}`, { method: "POST", headers: { authorization: `Bearer ${process.env.CRON_SECRET ?? ""}` } }), {
          params: Promise.resolve({ job }),
        });
      const counts = { sessionsChecked: expect.any(Number), settled: expect.any(Number), deferredRetried: expect.any(Number), refundsConfirmed: expect.any(Number), refundsWithdrawn: expect.any(Number), disputesRecovered: expect.any(Number), refundsRecovered: expect.any(Number), storePurchasesConsumed: expect.any(Number), storeVoidedRead: expect.any(Number), storeClawedBack: expect.any(Number), mollieReversalsRecovered: expect.any(Number) };
      const payments = await run("payments");
      expect(payments.status).toBe(200);
      expect(await payments.json()).toEqual({ job: "payments", counts });
      const all = await run("all");
      expect(all.status).toBe(200);
      expect(await all.json()).toMatchObject({ job: "all", counts: { payments: counts } });
    } finally {
      if (before === undefined) delete process.env.CRON_SECRET;
      else process.env.CRON_SECRET = before;
      resetConfigForTests();
    }
  });
});

describe("settleFromProviderSession (the confirmation page, when the buyer is back first)", () => {
  it("fulfills a paid session at once, once however often it is called", async () => {
    const open = await openCheckout(mock, sg);
    await mock.paySession(open.sessionId, { deliver: false });
    const [first, second] = await Promise.all([
      settleFromProviderSession(await getDb(), scope(), open.orderId),
      settleFromProviderSession(await getDb(), scope(), open.orderId),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second.status).toBe("fulfilled");
    expect((await settleFromProviderSession(await getDb(), scope(), open.orderId)).status).toBe("fulfilled");
    expect(await credits(open.orderId)).toBe(1);
  });

  it("an unpaid open session: the order stays pending", async () => {
    const open = await openCheckout(mock, sg);
    expect((await settleFromProviderSession(await getDb(), scope(), open.orderId)).status).toBe("pending");
  });
});

describe("order expiry and Stripe checkouts", () => {
  it("the expiry job leaves an order with a session to the payments job for an hour, then expires it", async () => {
    const open = await openCheckout(mock, sg);
    await setExpiry(open.orderId, new Date(Date.now() - 60_000));
    await expirePendingOrders(await getDb(), 10_000);
    expect((await orderRow(open.orderId)).status).toBe("pending");
    later(62);
    await expirePendingOrders(await getDb(), 10_000);
    expect((await orderRow(open.orderId)).status).toBe("expired");
  });

  it("a payment the buyer made before the expiry is fulfilled even when its word comes after it", async () => {
    const open = await openCheckout(mock, sg);
    const paid = await mock.paySession(open.sessionId, { deliver: false });
    await setExpiry(open.orderId, new Date(Date.now() - 60_000));
    expect(await postEvent(sg, mock, paid)).toEqual({ status: 200, body: { received: true, status: "processed" } });
    expect((await orderRow(open.orderId)).status).toBe("fulfilled");
  });
});

describe("disputes and refunds made at Stripe whose push was lost", () => {
  const ledgerTypes = async (orderId: string) => (await ledgerOfOrder(orderId)).map((e) => [e.type, e.paidDelta, e.bonusDelta]);
  const checkedAt = async (gameId: string) =>
    (await (await getDb()).select({ at: gameEnvironments.stripeReversalsCheckedAt }).from(gameEnvironments).where(and(eq(gameEnvironments.gameId, gameId), eq(gameEnvironments.env, "test"))))[0]?.at ?? null;

  it("a dispute: the job reads it back and claws the coins back; the late webhook changes nothing", async () => {
    const own = await stripeGame(mock);
    const paid = await paidCheckout(mock, own);
    const created = await mock.openDispute(paid.paymentIntent, { deliver: false });
    const disputeId = (created.data.object as { id: string }).id;

    const counts = await reconcilePayments(await getDb(), 1000);

    expect(counts.disputesRecovered).toBeGreaterThanOrEqual(1);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "chargeback", disputeReference: disputeId, disputeStatus: "needs_response" });
    expect(await balanceOf(own.game.secretKey, paid.ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect(await ledgerTypes(paid.orderId)).toEqual([
      ["purchase_credit", 500, 50],
      ["chargeback_clawback", -500, -50],
    ]);
    expect(await paymentEvent(`reconcile_${disputeId}_needs_response`, own.gameId)).toMatchObject({ status: "processed", orderId: paid.orderId, type: "charge.dispute.created" });
    expect((await outboxOf(paid.orderId)).map((e) => e.type).sort()).toEqual(["order.chargeback", "order.fulfilled", "wallet.credited"]);
    // The push arrives after all: nothing is taken twice.
    expect((await postEvent(own, mock, created)).status).toBe(200);
    expect(await ledgerTypes(paid.orderId)).toHaveLength(2);
    await assertLedgerInvariants(own.game);
  });

  it("a refund made in Stripe's dashboard: the job reads it back and claws the coins back", async () => {
    const own = await stripeGame(mock);
    const paid = await paidCheckout(mock, own);
    await mock.refundFromDashboard(paid.paymentIntent, { deliver: false });

    const counts = await reconcilePayments(await getDb(), 1000);

    expect(counts.refundsRecovered).toBeGreaterThanOrEqual(1);
    expect((await orderRow(paid.orderId)).status).toBe("refunded");
    expect(await balanceOf(own.game.secretKey, paid.ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect(await ledgerTypes(paid.orderId)).toEqual([
      ["purchase_credit", 500, 50],
      ["refund_clawback", -500, -50],
    ]);
    await assertLedgerInvariants(own.game);
  });

  it("a partial refund takes nothing back, as its webhook would not", async () => {
    const own = await stripeGame(mock);
    const paid = await paidCheckout(mock, own);
    await mock.refundFromDashboard(paid.paymentIntent, { amount: 100, deliver: false });
    await reconcilePayments(await getDb(), 1000);
    expect((await orderRow(paid.orderId)).status).toBe("fulfilled");
    expect(await ledgerTypes(paid.orderId)).toEqual([["purchase_credit", 500, 50]]);
  });

  it("another game on the same account records nothing of it, and each environment is read at most every 10 minutes", async () => {
    const own = await stripeGame(mock);
    const other = await gameSharingAccount(own);
    const paid = await paidCheckout(mock, own);
    const created = await mock.openDispute(paid.paymentIntent, { deliver: false });
    const disputeId = (created.data.object as { id: string }).id;
    await reconcilePayments(await getDb(), 1000);
    expect(await paymentEvent(`reconcile_${disputeId}_needs_response`, other.gameId)).toBeUndefined();
    expect((await orderRow(paid.orderId)).status).toBe("chargeback");

    const first = await checkedAt(own.gameId);
    expect(first).toBeInstanceOf(Date);
    expect(await checkedAt(other.gameId)).toEqual(first === null ? null : expect.any(Date));
    await reconcilePayments(await getDb(), 1000);
    expect(await checkedAt(own.gameId)).toEqual(first);
    later(11);
    await reconcilePayments(await getDb(), 1000);
    expect((await checkedAt(own.gameId))?.getTime()).toBe(clock.nowMs());
  });

  it("a refused key is tried again after 10 minutes, not every run, without holding back the others; keys saved anew are tried on the next run", async () => {
    const refused = await stripeGame(mock);
    const revokedKey = `sk_test_revoked${refused.gameId}`;
    await useStripe(refused.gameId, "test", revokedKey, refused.webhookSecret);
    const logs = captureLogsForTests("warn");
    const warningsOf = (gameId: string) => logs.lines.filter((line) => line.msg === "Stripe's disputes and refunds could not be read back" && line.gameId === gameId);
    try {
      await reconcilePayments(await getDb(), 1000);
      expect(warningsOf(refused.gameId)).toHaveLength(1);
      expect(warningsOf(refused.gameId)[0]).toMatchObject({ level: "warn", env: "test", module: "payments" });
      expect(logs.raw.join("\n")).not.toContain(revokedKey);
      expect(await checkedAt(refused.gameId)).toBeNull();

      // The next runs within 10 minutes leave it, and read an environment that became due meanwhile.
      const healthy = await stripeGame(mock);
      const paid = await paidCheckout(mock, healthy);
      await mock.openDispute(paid.paymentIntent, { deliver: false });
      await reconcilePayments(await getDb(), 1000);
      expect(warningsOf(refused.gameId)).toHaveLength(1);
      expect((await orderRow(paid.orderId)).status).toBe("chargeback");
      later(9);
      await reconcilePayments(await getDb(), 1000);
      expect(warningsOf(refused.gameId)).toHaveLength(1);
      later(11);
      await reconcilePayments(await getDb(), 1000);
      expect(warningsOf(refused.gameId)).toHaveLength(2);
      expect(await checkedAt(refused.gameId)).toBeNull();

      // The studio saves a working key: read on the next run, not 10 minutes later.
      mock.addAccount({ secretKey: `sk_test_fixed${refused.gameId}`, accountId: `acct_fixed${refused.gameId}` });
      const db = await getDb();
      const refusedScope = { gameId: refused.gameId, env: "test" as const };
      const settings = { provider: "stripe" as const, secretKey: `sk_test_fixed${refused.gameId}`, webhookSecret: refused.webhookSecret };
      later(12);
      await writePaymentSettings(db, refusedScope, await checkPaymentSettings(db, refusedScope, settings));
      await reconcilePayments(db, 1000);
      expect(warningsOf(refused.gameId)).toHaveLength(2);
      expect((await checkedAt(refused.gameId))?.getTime()).toBe(clock.nowMs());
    } finally {
      logs.stop();
    }
  });
});

