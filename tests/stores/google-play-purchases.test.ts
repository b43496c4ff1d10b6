import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { storeTransactions } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import type { OrderView } from "@/server/orders/order-view";
import { consumeLeftPurchases } from "@/server/stores/google-play/consume-google-play-purchase";
import { extRef, idem, post, useDatabase } from "../harness";
import { assertLedgerInvariants, balanceOf, inventoryOf, orderRow, outboxOf, type ErrorBody } from "../order-helpers";
import { createStoreGame, googlePlayPurchase, PRODUCTS, startStoreWorld, type StoreGame, type StoreWorld } from "./support/store-world";

useDatabase();

const NOTHING = { currency: "coins", paid: 0, bonus: 0, total: 0 };
let world: StoreWorld;
let store: StoreGame;

beforeAll(async () => {
  world = await startStoreWorld();
  store = await createStoreGame(world);
});

afterAll(async () => {
  await world.restore();
});

function record<T = OrderView>(ref: string, body: unknown, options: { key?: string; idempotencyKey?: string } = {}) {
  return post<T>(`/players/${ref}/store-purchases`, options.key ?? store.game.secretKey, body, options.idempotencyKey ?? idem());
}

const play = (purchaseToken: string, productId: string = PRODUCTS.p500.googlePlay) => ({ store: "google_play", productId, purchaseToken });

async function storeRow(transactionId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(storeTransactions)
    .where(and(eq(storeTransactions.gameId, store.gameId), eq(storeTransactions.store, "google_play"), eq(storeTransactions.transactionId, transactionId)));
  return rows[0];
}

/** Polls until the purchase's row says it was consumed at Google (the consume runs after the commit). */
async function consumedRow(transactionId: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await storeRow(transactionId))?.consumedAt) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${transactionId} to be consumed`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("recording a Google Play purchase", () => {
  it("checks the token with the Play Developer API as the service account, delivers the pack, then consumes it at Google", async () => {
    const ref = extRef("android");
    const { purchaseToken, orderId } = googlePlayPurchase(world, store);
    const before = world.google.requests.length;
    const response = await record(ref, play(purchaseToken));
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ status: "fulfilled", pack: { sku: "p500" }, amountCents: 499, vatCents: 0, country: "DE" });
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    expect(await inventoryOf(store.game.secretKey, ref)).toEqual({ potion: 2 });
    const row = await orderRow(response.body.id);
    expect([row.provider, row.providerReference]).toEqual(["google_play", orderId]);
    expect((await outboxOf(response.body.id)).map((e) => e.type)).toEqual(["order.fulfilled", "wallet.credited"]);
    // The token endpoint accepted the RS256 assertion, then the API answered with the access token.
    const calls = world.google.requests.slice(before).map((r) => `${r.method} ${r.path.replace(purchaseToken, "{token}")} ${r.status}`);
    expect(calls.slice(0, 2)).toEqual(["POST /token 200", `GET /androidpublisher/v3/applications/${store.packageName}/purchases/products/${PRODUCTS.p500.googlePlay}/tokens/{token} 200`]);
    // Consumed after the commit, so Google neither refunds it after three days nor keeps it owned.
    await consumedRow(orderId);
    expect(world.google.purchase(store.packageName, purchaseToken)?.consumptionState).toBe(1);
    // The same player again (now consumed, by Gamecoin): the same order.
    const again = await record(ref, play(purchaseToken));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(response.body.id);
    const thief = await record<ErrorBody>(extRef("android"), play(purchaseToken));
    expect(thief.status).toBe(409);
    expect(thief.body.error.details).toEqual({ store: "google_play", state: "other_player" });
  });

  it("refuses a license tester's purchase in live and a paid purchase in test (400)", async () => {
    const ref = extRef("android");
    const tester = googlePlayPurchase(world, store);
    const live = await record<ErrorBody>(ref, play(tester.purchaseToken), { key: store.game.liveSecretKey });
    expect(live.status).toBe(400);
    expect(live.body.error).toEqual({
      code: "VALIDATION_FAILED",
      message: "A license tester's purchase (no money moved) cannot be recorded in live: send it to the test environment.",
      details: { reason: "environment" },
    });
    const paid = googlePlayPurchase(world, store, { live: true });
    const test = await record<ErrorBody>(ref, play(paid.purchaseToken));
    expect(test.status).toBe(400);
    expect(test.body.error.message).toBe("A paid Play purchase cannot be recorded in the test environment.");
    expect((await record(ref, play(paid.purchaseToken), { key: store.game.liveSecretKey })).status).toBe(201);
  });

  it("refuses pending, canceled, unknown and consumed-elsewhere purchases (409) and credits nothing", async () => {
    const ref = extRef("android");
    const cases = [
      { fields: { purchaseState: 2 as const }, state: "pending" },
      { fields: { purchaseState: 1 as const }, state: "canceled" },
      { fields: { consumptionState: 1 as const }, state: "consumed" },
    ];
    for (const { fields, state } of cases) {
      const { purchaseToken, orderId } = googlePlayPurchase(world, store, fields);
      const response = await record<ErrorBody>(ref, play(purchaseToken));
      expect(response.status, state).toBe(409);
      expect(response.body.error.details).toEqual({ store: "google_play", state });
      expect(await storeRow(orderId)).toBeUndefined();
    }
    const unknown = await record<ErrorBody>(ref, play("no-such-token"));
    expect(unknown.status).toBe(409);
    expect(unknown.body.error.message).toBe(`Google Play knows no purchase of "${PRODUCTS.p500.googlePlay}" with this token in ${store.packageName}: nothing was credited.`);
    // A real token sent with another product id is not that product's purchase.
    const { purchaseToken } = googlePlayPurchase(world, store);
    expect((await record(ref, play(purchaseToken, PRODUCTS.duo.googlePlay))).status).toBe(409);
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual(NOTHING);
  });

  it("the payments job consumes a recorded purchase whose consume failed", async () => {
    const ref = extRef("android");
    const { purchaseToken, orderId } = googlePlayPurchase(world, store);
    expect((await record(ref, play(purchaseToken))).status).toBe(201);
    await consumedRow(orderId);
    // As if the consume after the sale had failed: Google still shows it unconsumed, and so do we.
    const purchase = world.google.purchase(store.packageName, purchaseToken);
    if (purchase) purchase.consumptionState = 0;
    const db = await getDb();
    await db.update(storeTransactions).set({ consumedAt: null }).where(and(eq(storeTransactions.gameId, store.gameId), eq(storeTransactions.transactionId, orderId)));
    expect(await consumeLeftPurchases(db)).toBeGreaterThanOrEqual(1);
    expect(world.google.purchase(store.packageName, purchaseToken)?.consumptionState).toBe(1);
    expect((await storeRow(orderId))?.consumedAt).not.toBeNull();
  });

  it("credits once when the same purchase arrives twice at once", async () => {
    const ref = extRef("android");
    const { purchaseToken } = googlePlayPurchase(world, store);
    const answers = await Promise.all([record(ref, play(purchaseToken)), record(ref, play(purchaseToken))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    await assertLedgerInvariants(store.game);
  });
});
