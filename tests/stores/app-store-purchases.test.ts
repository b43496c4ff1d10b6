import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { storeTransactions } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import type { OrderView } from "@/server/orders/order-view";
import { dailyRevenue } from "@/server/revenue/daily-revenue";
import { lastDays } from "@/server/revenue/period";
import { vatByCountry } from "@/server/revenue/vat-by-country";
import { call, extRef, idem, post, useDatabase } from "../harness";
import { meWrite, newAnonymous } from "../client-helpers";
import { assertLedgerInvariants, balanceOf, inventoryOf, orderRow, outboxOf, refund, type ErrorBody } from "../order-helpers";
import { makeAppleChain } from "./support/apple-certificates";
import { appleTransaction, signAppleJws } from "./support/apple-signing";
import { appStorePurchase, appStoreRefund, createStoreGame, PRODUCTS, startStoreWorld, type StoreGame, type StoreWorld } from "./support/store-world";

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

async function storeRow(transactionId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(storeTransactions)
    .where(and(eq(storeTransactions.gameId, store.gameId), eq(storeTransactions.store, "app_store"), eq(storeTransactions.transactionId, transactionId)));
  return rows[0];
}

describe("recording an App Store purchase", () => {
  it("verifies the signed transaction, reads it back from Apple, and delivers the mapped pack once (201)", async () => {
    const ref = extRef("ios");
    const { jws, transactionId } = appStorePurchase(world, store, { price: 5990, currency: "USD" });
    const before = world.apple.requests.length;
    const response = await record(ref, { store: "app_store", signedTransaction: jws });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ status: "fulfilled", pack: { sku: "p500", name: "500 Coins" }, amountCents: 499, currency: "EUR", vatRateBp: 0, vatCents: 0, netCents: 499 });
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    expect(await inventoryOf(store.game.secretKey, ref)).toEqual({ potion: 2 });
    const row = await orderRow(response.body.id);
    expect(row.provider).toBe("app_store");
    expect(row.providerReference).toBe(transactionId);
    expect((await outboxOf(response.body.id)).map((e) => e.type)).toEqual(["order.fulfilled", "wallet.credited"]);
    expect(await storeRow(transactionId)).toMatchObject({ productId: PRODUCTS.p500.appStore, orderId: response.body.id, priceMillis: 5990, currency: "USD", storefront: "FRA", revokedAt: null });
    // Apple's Server API was asked, with a bearer token it accepted.
    expect(world.apple.requests.slice(before)).toEqual([{ method: "GET", path: `/inApps/v1/transactions/${transactionId}`, authorized: true }]);
  });

  it("answers the same order (200) when the same player sends it again with another key, and credits nothing more", async () => {
    const ref = extRef("ios");
    const { jws } = appStorePurchase(world, store);
    const first = await record(ref, { store: "app_store", signedTransaction: jws });
    expect(first.status).toBe(201);
    const again = await record(ref, { store: "app_store", signedTransaction: jws });
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    const replay = await record(ref, { store: "app_store", signedTransaction: jws }, { idempotencyKey: "same-key-" + first.body.id });
    expect(replay.status).toBe(200);
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
  });

  it("refuses a transaction recorded for another player (409) and credits nothing", async () => {
    const owner = extRef("ios");
    const thief = extRef("ios");
    const { jws, transactionId } = appStorePurchase(world, store);
    expect((await record(owner, { store: "app_store", signedTransaction: jws })).status).toBe(201);
    const response = await record<ErrorBody>(thief, { store: "app_store", signedTransaction: jws });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("CONFLICT");
    expect(response.body.error.message).toBe(`App Store transaction ${transactionId} was recorded for another player: nothing was credited.`);
    expect(response.body.error.details).toEqual({ store: "app_store", state: "other_player" });
    expect(await balanceOf(store.game.secretKey, thief, "coins")).toEqual(NOTHING);
  });

  it("refuses a JWS signed by a chain that is not trusted (400), a tampered one, and one whose leaf lacks Apple's marker", async () => {
    const ref = extRef("ios");
    const forgedChain = makeAppleChain({ name: "Forger" });
    const unmarked = makeAppleChain({ leafMarker: false });
    try {
      const payload = appleTransaction({ transactionId: "3000000000000001", productId: PRODUCTS.p500.appStore, bundleId: store.bundleId, environment: "Sandbox" });
      for (const chain of [forgedChain, unmarked]) {
        const response = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: signAppleJws(payload, chain) });
        expect(response.status).toBe(400);
        expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", message: "The signed transaction's signature or certificate chain does not verify." });
      }
      // Our chain's x5c with a forger's signature: the chain verifies, the signature does not.
      const mixed = signAppleJws(payload, { leafKey: forgedChain.leafKey, x5c: world.chain.x5c });
      expect((await record(ref, { store: "app_store", signedTransaction: mixed })).status).toBe(400);
      // A genuine JWS whose payload was edited (another product) after signing.
      const { jws } = appStorePurchase(world, store);
      const [header, body, signature] = jws.split(".") as [string, string, string];
      const edited = { ...(JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, unknown>), productId: PRODUCTS.duo.appStore };
      const tampered = `${header}.${Buffer.from(JSON.stringify(edited)).toString("base64url")}.${signature}`;
      const response = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: tampered });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
      const garbage = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: "not-a-jws" });
      expect(garbage.status).toBe(400);
      expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual(NOTHING);
    } finally {
      forgedChain.dispose();
      unmarked.dispose();
    }
  });

  it("refuses another app's transaction and a sandbox transaction sent to live (400)", async () => {
    const ref = extRef("ios");
    const other = appStorePurchase(world, store, { bundleId: "com.other.app" });
    const response = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: other.jws });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: "VALIDATION_FAILED",
      message: "The signed transaction belongs to another app than this environment's bundle id.",
      details: { reason: "app" },
    });
    const sandbox = appStorePurchase(world, store, { environment: "Sandbox" });
    const live = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: sandbox.jws }, { key: store.game.liveSecretKey });
    expect(live.status).toBe(400);
    expect(live.body.error.message).toBe("The signed transaction comes from the App Store's Sandbox, which is not the live environment (Sandbox → test, Production → live).");
    const production = appStorePurchase(world, store, { env: "live" });
    const intoTest = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: production.jws });
    expect(intoTest.status).toBe(400);
    // Production goes to live.
    const recorded = await record(ref, { store: "app_store", signedTransaction: production.jws }, { key: store.game.liveSecretKey });
    expect(recorded.status, recorded.text).toBe(201);
  });

  it("refuses what Apple says is refunded, or does not know (409), and a product mapped to no pack on sale (404)", async () => {
    const ref = extRef("ios");
    const refunded = appStorePurchase(world, store);
    appStoreRefund(world, store, refunded.transactionId);
    const response = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: refunded.jws });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "CONFLICT",
      message: `Apple refunded or revoked transaction ${refunded.transactionId}: nothing was credited.`,
      details: { store: "app_store", state: "refunded" },
    });
    const unknown = signAppleJws(appleTransaction({ transactionId: "4999999999999999", productId: PRODUCTS.p500.appStore, bundleId: store.bundleId, environment: "Sandbox" }), world.chain);
    const unknownResponse = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: unknown });
    expect(unknownResponse.status).toBe(409);
    expect(unknownResponse.body.error.details).toEqual({ store: "app_store", state: "unknown" });
    const unmapped = appStorePurchase(world, store, { productId: "com.studio.game.unmapped" });
    const notFound = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: unmapped.jws });
    expect(notFound.status).toBe(404);
    expect(notFound.body.error.message).toBe('A pack on sale for App Store product "com.studio.game.unmapped" not found.');
    const draft = appStorePurchase(world, store, { productId: PRODUCTS.draft.appStore });
    expect((await record(ref, { store: "app_store", signedTransaction: draft.jws })).status).toBe(404);
    // Nothing was kept of the refusals: the unmapped transaction can be recorded once its product is mapped.
    expect(await storeRow(unmapped.transactionId)).toBeUndefined();
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual(NOTHING);
  });

  it("answers 503 and records nothing when Apple's Server API fails; the retry with the same key succeeds", async () => {
    const ref = extRef("ios");
    const { jws, transactionId } = appStorePurchase(world, store);
    const key = idem();
    world.apple.failWith(500);
    try {
      const response = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: jws }, { idempotencyKey: key });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe("SERVICE_UNAVAILABLE");
      expect(response.headers.get("retry-after")).toBe("2");
    } finally {
      world.apple.failWith(null);
    }
    expect(await storeRow(transactionId)).toBeUndefined();
    expect((await record(ref, { store: "app_store", signedTransaction: jws }, { idempotencyKey: key })).status).toBe(201);
  });

  it("refuses a bad body with the field named (400)", async () => {
    const ref = extRef("ios");
    const response = await record<ErrorBody>(ref, { store: "app_store" });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    const otherStore = await record<ErrorBody>(ref, { store: "steam", signedTransaction: "x" });
    expect(otherStore.status).toBe(400);
    const noKey = await call<ErrorBody>("POST", `/players/${ref}/store-purchases`, { key: store.game.secretKey, body: { store: "app_store", signedTransaction: "x" } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("records through the client route for the token's player", async () => {
    const anonymous = await newAnonymous(store.game);
    const { jws } = appStorePurchase(world, store);
    const response = await meWrite<OrderView>(store.game, anonymous.token, "/store-purchases", { store: "app_store", signedTransaction: jws });
    expect(response.status, response.text).toBe(201);
    expect(response.body.playerId).toBe(anonymous.player.id);
    const again = await meWrite<OrderView>(store.game, anonymous.token, "/store-purchases", { store: "app_store", signedTransaction: jws });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(response.body.id);
  });

  it("credits once when the same transaction arrives twice at once, with two keys or one", async () => {
    const ref = extRef("ios");
    const { jws } = appStorePurchase(world, store);
    const answers = await Promise.all([record(ref, { store: "app_store", signedTransaction: jws }), record(ref, { store: "app_store", signedTransaction: jws })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]?.body.id).toBe(answers[1]?.body.id);
    const second = appStorePurchase(world, store);
    const key = idem();
    const same = await Promise.all([
      record(ref, { store: "app_store", signedTransaction: second.jws }, { idempotencyKey: key }),
      record(ref, { store: "app_store", signedTransaction: second.jws }, { idempotencyKey: key }),
    ]);
    expect(same.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect(same[0]?.body.id).toBe(same[1]?.body.id);
    // Two players racing for one transaction: one gets it, the other 409.
    const contested = appStorePurchase(world, store);
    const racers = await Promise.all([extRef("ios"), extRef("ios")].map((player) => record(player, { store: "app_store", signedTransaction: contested.jws })));
    expect(racers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 1000, bonus: 100, total: 1100 });
    await assertLedgerInvariants(store.game);
  });

  it("counts in the revenue report at the pack's price, and not on the studio's VAT return", async () => {
    const db = await getDb();
    const scope = { gameId: store.gameId, env: "test" as const };
    const period = lastDays(new Date(), 2);
    const before = await dailyRevenue(db, scope, period);
    const { jws } = appStorePurchase(world, store);
    expect((await record(extRef("ios"), { store: "app_store", signedTransaction: jws })).status).toBe(201);
    const after = await dailyRevenue(db, scope, period);
    expect(after.totals.sales - before.totals.sales).toBe(1);
    expect(after.totals.grossCents - before.totals.grossCents).toBe(499);
    expect(after.totals.vatCents).toBe(before.totals.vatCents);
    expect((await vatByCountry(db, scope, period)).lines).toEqual([]);
  });

  it("refuses to refund a store order through the API: the store is the merchant (409)", async () => {
    const ref = extRef("ios");
    const { jws } = appStorePurchase(world, store);
    const order = await record(ref, { store: "app_store", signedTransaction: jws });
    const response = await refund<ErrorBody>(store.game.secretKey, order.body.id);
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "CONFLICT",
      message: "This order was sold by the App Store, the merchant of record: refund it there; the coins and items come back on their own when the App Store reports the refund.",
      details: { provider: "app_store" },
    });
    expect((await orderRow(order.body.id)).status).toBe("fulfilled");
  });
});
