import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { games } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import type { OrderView } from "@/server/orders/order-view";
import { addDays, dayOf } from "@/server/revenue/period";
import { extRef, idem, post, useDatabase } from "../harness";
import { downloadExport } from "../dashboard/csv-export-helpers";
import { addStaff, callerFor } from "../dashboard/studio-staff";
import { helper, newOrder, refund } from "../order-helpers";
import { appleNotification, signAppleJws } from "./support/apple-signing";
import { appStorePurchase, appStoreRefund, createStoreGame, googlePlayPurchase, postAppStoreNotification, PRODUCTS, startStoreWorld, type StoreGame, type StoreWorld } from "./support/store-world";

useDatabase();

let world: StoreWorld;
let store: StoreGame;
let quiet: StoreGame;
const today = dayOf(new Date());
// Around today, so that an order made just before midnight UTC is still inside.
const period = { from: addDays(today, -1), to: addDays(today, 1) };

async function recordStorePurchase(key: string, body: unknown): Promise<OrderView> {
  const recorded = await post<OrderView>(`/players/${extRef("mobile")}/store-purchases`, key, body, idem());
  if (recorded.status !== 201) throw new Error(`store purchase: ${recorded.status} ${recorded.text}`);
  return recorded.body;
}

async function paidWebOrder(packSku: string, country: string): Promise<OrderView> {
  const order = await newOrder(store.game.secretKey, packSku, extRef("web"), { country });
  const paid = await helper(store.game.secretKey, order.id, "pay");
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body)}`);
  return paid.body;
}

async function expectOk(response: Promise<{ status: number; text: string }>): Promise<void> {
  const done = await response;
  if (done.status !== 200) throw new Error(`${done.status} ${done.text}`);
}

async function viewerIdentityOf(game: StoreGame) {
  const db = await getDb();
  const [row] = await db.select({ studioId: games.studioId }).from(games).where(eq(games.id, game.gameId));
  if (!row) throw new Error("no game");
  return addStaff(row.studioId, "viewer");
}

async function viewerOf(game: StoreGame) {
  return callerFor(await viewerIdentityOf(game));
}

/**
 * In one game: web sales (p500 FR 4.99 refunded, duo DE 19.99, gear FR 9.99 charged back, a free
 * pack and an unpaid order, neither of them revenue), two App Store p500 sales (one refunded by
 * Apple) and one Google Play duo sale. A store sale's amounts are the pack's catalog price, VAT zero.
 */
beforeAll(async () => {
  world = await startStoreWorld();
  [store, quiet] = [await createStoreGame(world), await createStoreGame(world)];
  const refunded = await paidWebOrder("p500", "FR");
  await expectOk(refund(store.game.secretKey, refunded.id));
  await paidWebOrder("duo", "DE");
  const chargedBack = await paidWebOrder("gear", "FR");
  await expectOk(helper(store.game.secretKey, chargedBack.id, "chargeback"));
  await paidWebOrder("free", "FR");
  await newOrder(store.game.secretKey, "p500", extRef("web"), { country: "FR" });

  await recordStorePurchase(store.game.secretKey, { store: "app_store", signedTransaction: appStorePurchase(world, store).jws });
  const { jws, transactionId } = appStorePurchase(world, store, { price: 5990, currency: "USD" });
  await recordStorePurchase(store.game.secretKey, { store: "app_store", signedTransaction: jws });
  const notice = appleNotification({ notificationType: "REFUND", bundleId: store.bundleId, environment: "Sandbox", signedTransactionInfo: appStoreRefund(world, store, transactionId) });
  const answered = await postAppStoreNotification(store.game.slug, "test", { signedPayload: signAppleJws(notice, world.chain) });
  if (answered.body.status !== "processed") throw new Error(`refund notice: ${JSON.stringify(answered)}`);

  const { purchaseToken } = googlePlayPurchase(world, store, { productId: PRODUCTS.duo.googlePlay });
  await recordStorePurchase(store.game.secretKey, { store: "google_play", productId: PRODUCTS.duo.googlePlay, purchaseToken });
});

afterAll(async () => {
  await world.restore();
});

const figures = (sales: number, refunds: number, chargebacks: number, salesGrossCents: number, reversedGrossCents: number, grossCents: number, vatCents: number, netCents: number) => ({
  sales,
  refunds,
  chargebacks,
  salesGrossCents,
  reversedGrossCents,
  grossCents,
  vatCents,
  netCents,
  shareCents: 0,
});

describe("revenue.byChannel", () => {
  it("splits web, App Store and Google Play sales, with store amounts as catalog-price equivalents", async () => {
    const report = await (await viewerOf(store)).revenue.byChannel({ gameId: store.gameId, env: "test", ...period });
    expect(report.period).toEqual(period);
    expect(report.lines).toEqual([
      // p500 FR (83 + 416) + duo DE (319 + 1680) + gear FR (167 + 832), minus the p500 refund and the gear chargeback
      { channel: "web", catalogPriceEquivalent: false, ...figures(3, 1, 1, 499 + 1999 + 999, 499 + 999, 1999, 319, 1680) },
      // two p500 at the catalog price, one refunded by Apple; the store keeps the VAT
      { channel: "app_store", catalogPriceEquivalent: true, ...figures(2, 1, 0, 998, 499, 499, 0, 499) },
      { channel: "google_play", catalogPriceEquivalent: true, ...figures(1, 0, 0, 1999, 0, 1999, 0, 1999) },
    ]);
    expect(report.totals).toEqual(figures(6, 2, 1, 3497 + 998 + 1999, 1997, 1999 + 499 + 1999, 319, 4178));
    for (const line of [...report.lines, report.totals]) expect(line.grossCents).toBe(line.vatCents + line.netCents);
    // The channels add up to the daily report's totals: nothing counted twice, nothing left out.
    const daily = await (await viewerOf(store)).revenue.daily({ gameId: store.gameId, env: "test", ...period });
    expect(report.totals).toEqual(daily.totals);
  });

  it("names each order's channel in the orders CSV", async () => {
    const file = await downloadExport(await viewerIdentityOf(store), "orders", { gameId: store.gameId, env: "test" });
    const [header, ...rows] = file.csv.split("\r\n").filter((line) => line !== "");
    expect(header?.split(",").at(-1)).toBe("channel");
    const channels = rows.map((row) => row.split(",").at(-1)).sort();
    expect(channels).toEqual(["app_store", "app_store", "google_play", "web", "web", "web", "web", "web"]);
  });

  it("shows every channel at zero for a game without sales, and nothing of another game", async () => {
    const report = await (await viewerOf(quiet)).revenue.byChannel({ gameId: quiet.gameId, env: "test", ...period });
    expect(report.lines.map((line) => [line.channel, line.sales, line.grossCents])).toEqual([
      ["web", 0, 0],
      ["app_store", 0, 0],
      ["google_play", 0, 0],
    ]);
  });

  it("leaves out the days before the period", async () => {
    const report = await (await viewerOf(store)).revenue.byChannel({ gameId: store.gameId, env: "test", from: addDays(today, -30), to: addDays(today, -2) });
    expect(report.totals.sales).toBe(0);
  });
});
