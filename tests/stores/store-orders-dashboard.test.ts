import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { games } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import type { OrderView } from "@/server/orders/order-view";
import { extRef, idem, post, useDatabase } from "../harness";
import { addStaff, callerFor, expectCode } from "../dashboard/studio-staff";
import { orderRow } from "../order-helpers";
import { appStorePurchase, createStoreGame, PRODUCTS, startStoreWorld, type StoreGame, type StoreWorld } from "./support/store-world";

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

async function staffCaller(role: "support" | "owner") {
  const db = await getDb();
  const [game] = await db.select({ studioId: games.studioId }).from(games).where(eq(games.id, store.gameId));
  if (!game) throw new Error("no game");
  return callerFor(await addStaff(game.studioId, role));
}

describe("a store order in the dashboard", () => {
  it("shows the store's transaction and price, offers no refund, and refuses one", async () => {
    const { jws, transactionId } = appStorePurchase(world, store, { price: 4990, currency: "USD" });
    const recorded = await post<OrderView>(`/players/${extRef("ios")}/store-purchases`, store.game.secretKey, { store: "app_store", signedTransaction: jws }, idem());
    expect(recorded.status).toBe(201);
    const caller = await staffCaller("owner");
    const detail = await caller.orders.get({ gameId: store.gameId, env: "test", orderId: recorded.body.id });
    expect(detail.order).toMatchObject({ provider: "app_store", providerReference: transactionId });
    expect(detail.storeSale).toEqual({
      store: "app_store",
      transactionId,
      productId: PRODUCTS.p500.appStore,
      priceMillis: 4990,
      currency: "USD",
      storefront: "FRA",
      consumedAt: null,
      revokedAt: null,
      revocationReason: null,
    });
    expect(detail.moves.refund).toBe(false);
    const refused = await expectCode((await staffCaller("support")).orders.refund({ gameId: store.gameId, env: "test", orderId: recorded.body.id, reason: "asked" }), "CONFLICT");
    expect(refused.message).toBe(
      "This order was sold by the App Store, the merchant of record: refund it there; the coins and items come back on their own when the App Store reports the refund.",
    );
    expect((await orderRow(recorded.body.id)).status).toBe("fulfilled");
  });
});
