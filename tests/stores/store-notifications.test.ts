import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { paymentEvents, storeTransactions } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { runJob } from "@/server/jobs/run-job";
import { clock } from "@/server/lib/clock";
import type { OrderView } from "@/server/orders/order-view";
import { extRef, idem, post, useDatabase } from "../harness";
import { assertLedgerInvariants, balanceOf, inventoryOf, orderRow, outboxOf, type ErrorBody } from "../order-helpers";
import { makeAppleChain } from "./support/apple-certificates";
import { appleNotification, appleTransaction, signAppleJws } from "./support/apple-signing";
import {
  appStorePurchase,
  appStoreRefund,
  createStoreGame,
  googlePlayPurchase,
  newTransactionId,
  postAppStoreNotification,
  postGooglePlayNotification,
  PRODUCTS,
  startStoreWorld,
  type StoreGame,
  type StoreWorld,
} from "./support/store-world";

useDatabase();

let world: StoreWorld;
let store: StoreGame;

beforeAll(async () => {
  world = await startStoreWorld();
  store = await createStoreGame(world);
});

afterAll(async () => {
  await world.restore();
});

function record<T = OrderView>(ref: string, body: unknown) {
  return post<T>(`/players/${ref}/store-purchases`, store.game.secretKey, body, idem());
}

/** Apple's signed notification about a transaction (its signedTransactionInfo as Apple has it now). */
function appleNotice(type: string, signedTransactionInfo: string | undefined, options: { uuid?: string; bundleId?: string; environment?: "Sandbox" | "Production" } = {}) {
  const payload = appleNotification({
    notificationType: type,
    bundleId: options.bundleId ?? store.bundleId,
    environment: options.environment ?? "Sandbox",
    ...(signedTransactionInfo === undefined ? {} : { signedTransactionInfo }),
    ...(options.uuid === undefined ? {} : { notificationUUID: options.uuid }),
  });
  return { signedPayload: signAppleJws(payload, world.chain) };
}

async function recordedApple(ref: string): Promise<{ order: OrderView; transactionId: string }> {
  const { jws, transactionId } = appStorePurchase(world, store);
  const response = await record(ref, { store: "app_store", signedTransaction: jws });
  expect(response.status, response.text).toBe(201);
  return { order: response.body, transactionId };
}

async function spend(ref: string, amount: number): Promise<void> {
  const response = await post(`/players/${ref}/wallet/spend`, store.game.secretKey, { currency: "coins", amount, reason: "Shop" });
  expect(response.status, response.text).toBe(200);
}

describe("App Store Server Notifications", () => {
  it("REFUND claws back coins and items exactly as a refund does, sends order.refunded, and a repeat changes nothing", async () => {
    const ref = extRef("ios");
    const { order, transactionId } = await recordedApple(ref);
    const notice = appleNotice("REFUND", appStoreRefund(world, store, transactionId));
    const response = await postAppStoreNotification(store.game.slug, "test", notice);
    expect(response).toEqual({ status: 200, body: { received: true, status: "processed" } });
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect(await inventoryOf(store.game.secretKey, ref)).toEqual({});
    const row = await orderRow(order.id);
    expect([row.status, row.refundReason]).toEqual(["refunded", "App Store refund"]);
    expect((await outboxOf(order.id)).map((e) => e.type)).toEqual(["order.fulfilled", "wallet.credited", "order.refunded"]);
    // Apple delivers it again: nothing changes.
    expect(await postAppStoreNotification(store.game.slug, "test", notice)).toEqual({ status: 200, body: { received: true, status: "duplicate" } });
    // A second notice about the same transaction (REVOKE after REFUND): nothing more is taken.
    const again = await postAppStoreNotification(store.game.slug, "test", appleNotice("REVOKE", appStoreRefund(world, store, transactionId)));
    expect(again.body.status).toBe("ignored");
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    // Sending the refunded transaction again credits nothing.
    const replay = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: appStorePurchase(world, store, { transactionId }).jws });
    expect(replay.status).toBe(409);
    expect(replay.body.error.details).toEqual({ store: "app_store", state: "refunded", orderId: order.id });
    await assertLedgerInvariants(store.game);
  });

  it("in live: a Production refund for the app's App Apple ID claws back", async () => {
    const ref = extRef("ios");
    const { jws, transactionId } = appStorePurchase(world, store, { env: "live" });
    const recorded = await post<OrderView>(`/players/${ref}/store-purchases`, store.game.liveSecretKey, { store: "app_store", signedTransaction: jws }, idem());
    expect(recorded.status, recorded.text).toBe(201);
    const revoked = appStoreRefund(world, store, transactionId, PRODUCTS.p500.appStore, "live");
    const payload = appleNotification({ notificationType: "REFUND", bundleId: store.bundleId, environment: "Production", appAppleId: store.appAppleId, signedTransactionInfo: revoked });
    const response = await postAppStoreNotification(store.game.slug, "live", { signedPayload: signAppleJws(payload, world.chain) });
    expect(response.body.status).toBe("processed");
    expect(await balanceOf(store.game.liveSecretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect((await orderRow(recorded.body.id)).status).toBe("refunded");
    // Another app of the same bundle id (another App Apple ID) changes nothing.
    const other = appleNotification({ notificationType: "REFUND", bundleId: store.bundleId, environment: "Production", appAppleId: 42, signedTransactionInfo: revoked });
    expect((await postAppStoreNotification(store.game.slug, "live", { signedPayload: signAppleJws(other, world.chain) })).body.status).toBe("ignored");
  });

  it("leaves a debt on paid coins already spent (the game allows it)", async () => {
    const ref = extRef("ios");
    const { transactionId } = await recordedApple(ref);
    await spend(ref, 520);
    const response = await postAppStoreNotification(store.game.slug, "test", appleNotice("REVOKE", appStoreRefund(world, store, transactionId)));
    expect(response.body.status).toBe("processed");
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: -520, bonus: 0, total: -520 });
    await assertLedgerInvariants(store.game);
  });

  it("remembers a refund that arrives before the purchase is recorded: recording it later is refused (409)", async () => {
    const ref = extRef("ios");
    const { jws, transactionId } = appStorePurchase(world, store);
    const early = await postAppStoreNotification(store.game.slug, "test", appleNotice("REFUND", jws));
    expect(early.body.status).toBe("processed");
    const response = await record<ErrorBody>(ref, { store: "app_store", signedTransaction: jws });
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: "CONFLICT",
      message: `App Store revoked transaction ${transactionId} before it was recorded: nothing was credited.`,
      details: { store: "app_store", state: "revoked" },
    });
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
  });

  it("answers 200 and changes nothing for another app, the other environment, or an unmapped product", async () => {
    const ref = extRef("ios");
    const { transactionId } = await recordedApple(ref);
    const revoked = appStoreRefund(world, store, transactionId);
    const otherApp = await postAppStoreNotification(store.game.slug, "test", appleNotice("REFUND", revoked, { bundleId: "com.other.app" }));
    expect(otherApp).toEqual({ status: 200, body: { received: true, status: "ignored" } });
    const otherEnv = await postAppStoreNotification(store.game.slug, "live", appleNotice("REFUND", revoked));
    expect(otherEnv.body.status).toBe("ignored");
    const unmappedId = newTransactionId();
    const unmapped = signAppleJws(appleTransaction({ transactionId: unmappedId, productId: "com.studio.unmapped", bundleId: store.bundleId, environment: "Sandbox" }), world.chain);
    expect((await postAppStoreNotification(store.game.slug, "test", appleNotice("REFUND", unmapped))).body.status).toBe("ignored");
    const db = await getDb();
    expect(await db.select().from(storeTransactions).where(and(eq(storeTransactions.gameId, store.gameId), eq(storeTransactions.transactionId, unmappedId)))).toEqual([]);
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
  });

  it("refuses a forged or tampered notification (400) and an address with no App Store settings (404)", async () => {
    const ref = extRef("ios");
    const { transactionId } = await recordedApple(ref);
    const forger = makeAppleChain({ name: "Forger" });
    try {
      const payload = appleNotification({ notificationType: "REFUND", bundleId: store.bundleId, environment: "Sandbox", signedTransactionInfo: appStoreRefund(world, store, transactionId) });
      const forged = await postAppStoreNotification(store.game.slug, "test", { signedPayload: signAppleJws(payload, forger) });
      expect(forged.status).toBe(400);
      expect(forged.body.error?.message).toBe("The notification's signature or certificate chain does not verify.");
      const genuine = appleNotice("TEST", undefined).signedPayload;
      const [header, , signature] = genuine.split(".") as [string, string, string];
      const tampered = `${header}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${signature}`;
      expect((await postAppStoreNotification(store.game.slug, "test", { signedPayload: tampered })).status).toBe(400);
      expect((await postAppStoreNotification(store.game.slug, "test", "not json")).status).toBe(400);
      expect((await postAppStoreNotification("no-such-game", "test", appleNotice("TEST", undefined))).status).toBe(404);
      expect((await postAppStoreNotification(store.game.slug, "staging", appleNotice("TEST", undefined))).status).toBe(404);
    } finally {
      forger.dispose();
    }
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
  });

  it("answers CONSUMPTION_REQUEST from the ledger through the App Store Server API, and records other types", async () => {
    const ref = extRef("ios");
    const { order, transactionId } = await recordedApple(ref);
    await spend(ref, 275);
    const { jws } = appStorePurchase(world, store, { transactionId });
    const response = await postAppStoreNotification(store.game.slug, "test", appleNotice("CONSUMPTION_REQUEST", jws));
    expect(response.body.status).toBe("processed");
    expect(world.apple.consumption.at(-1)).toEqual({
      transactionId,
      body: { customerConsented: true, deliveryStatus: "DELIVERED", consumptionPercentage: 50000, refundPreference: "GRANT_PRORATED", sampleContentProvided: false },
    });
    expect((await orderRow(order.id)).status).toBe("fulfilled");
    const uuid = randomUUID();
    const other = await postAppStoreNotification(store.game.slug, "test", appleNotice("PRICE_INCREASE", undefined, { uuid }));
    expect(other.body.status).toBe("ignored");
    const db = await getDb();
    const [event] = await db.select().from(paymentEvents).where(and(eq(paymentEvents.provider, "app_store"), eq(paymentEvents.eventId, uuid)));
    expect([event?.type, event?.status]).toEqual(["PRICE_INCREASE", "ignored"]);
  });
});

describe("Google Play notifications and voided purchases", () => {
  async function recordedPlay(ref: string) {
    const purchase = googlePlayPurchase(world, store);
    const response = await record(ref, { store: "google_play", productId: PRODUCTS.p500.googlePlay, purchaseToken: purchase.purchaseToken });
    expect(response.status, response.text).toBe(201);
    return { ...purchase, order: response.body };
  }

  const voidedNotice = (purchaseToken: string, orderId: string, packageName: string = store.packageName) => ({
    version: "1.0",
    packageName,
    eventTimeMillis: String(Date.now()),
    voidedPurchaseNotification: { purchaseToken, orderId, productType: 2, refundType: 1 },
  });

  it("a voided-purchase push claws back; a repeat, another package and a wrong token change nothing", async () => {
    const ref = extRef("android");
    const { purchaseToken, orderId, order } = await recordedPlay(ref);
    world.google.voidPurchase(store.packageName, purchaseToken);
    const wrongToken = await postGooglePlayNotification(store.game.slug, "test", "not-the-token", voidedNotice(purchaseToken, orderId));
    expect(wrongToken.status).toBe(403);
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    const otherPackage = await postGooglePlayNotification(store.game.slug, "test", store.notificationToken, voidedNotice(purchaseToken, orderId, "com.other.package"));
    expect(otherPackage).toEqual({ status: 200, body: { received: true, status: "ignored" } });
    const messageId = randomUUID();
    const pushed = await postGooglePlayNotification(store.game.slug, "test", store.notificationToken, voidedNotice(purchaseToken, orderId), messageId);
    expect(pushed).toEqual({ status: 200, body: { received: true, status: "processed" } });
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect((await orderRow(order.id)).status).toBe("refunded");
    expect((await postGooglePlayNotification(store.game.slug, "test", store.notificationToken, voidedNotice(purchaseToken, orderId), messageId)).body.status).toBe("duplicate");
    // The job finds it in Google's list too: already revoked, nothing more.
    await runJob(await getDb(), "payments");
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    const unknown = await postGooglePlayNotification(store.game.slug, "test", store.notificationToken, { version: "1.0", packageName: store.packageName, testNotification: { version: "1.0" } });
    expect(unknown.body.status).toBe("ignored");
    expect((await postGooglePlayNotification(store.game.slug, "test", store.notificationToken, "garbage")).status).toBe(400);
    await assertLedgerInvariants(store.game);
  });

  it("a voided purchase whose push never came is found by the payments job and clawed back once", async () => {
    const ref = extRef("android");
    const { purchaseToken, order } = await recordedPlay(ref);
    const other = extRef("android");
    const second = await recordedPlay(other);
    world.google.voidPurchase(store.packageName, purchaseToken);
    world.google.voidPurchase(store.packageName, second.purchaseToken);
    const db = await getDb();
    // Each environment's list is read at most every ten minutes; the earlier case's run read it just now.
    clock.advance(11 * 60 * 1000);
    const result = await runJob(db, "payments");
    expect(result.counts).toMatchObject({ storeClawedBack: 2 });
    expect(await balanceOf(store.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect(await balanceOf(store.game.secretKey, other, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect((await orderRow(order.id)).status).toBe("refunded");
    expect((await outboxOf(order.id)).map((e) => e.type)).toContain("order.refunded");
    // The next read covers the last one's final hour again: nothing changes the second time.
    clock.advance(11 * 60 * 1000);
    const again = (await runJob(db, "payments")).counts as Record<string, number>;
    expect(again.storeClawedBack).toBe(0);
    expect(again.storeVoidedRead).toBeGreaterThanOrEqual(2);
    expect(await inventoryOf(store.game.secretKey, ref)).toEqual({});
    await assertLedgerInvariants(store.game);
  });
});
