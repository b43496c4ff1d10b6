import { getDb } from "@/server/db/connection";
import type { Environment } from "@/db/schema";
import { TypedCreatorCode } from "@/server/codes/creator-codes";
import { clock } from "@/server/lib/clock";
import type { OrderView } from "@/server/orders/order-view";
import { createCheckout } from "@/server/orders/create-checkout";
import { extRef } from "../harness";
import { ensurePlayer } from "../domain-helpers";
import { helper, newOrder, playerRow, refund, salesCatalog } from "../order-helpers";
import { studioFixture, type StudioFixture } from "./studio-staff";

/** A studio whose game sells the sales catalog (tests/order-helpers.ts), with these creator codes. */
export function salesFixture(creatorCodes: { code: string; creatorName: string; rateBp: number; active?: boolean }[] = []): Promise<StudioFixture> {
  return studioFixture({ catalog: salesCatalog, creatorCodes });
}

/** The game part of every procedure input. */
export function gameOf(fixture: StudioFixture, env: Environment = "test"): { gameId: string; env: Environment } {
  return { gameId: fixture.gameId, env };
}

/** A pending order made through the REST checkout, or through the domain when a creator code is used (client-only field). */
export async function pendingOrder(fixture: StudioFixture, options: { packSku?: string; country?: string; creatorCode?: string; ref?: string } = {}): Promise<OrderView> {
  const packSku = options.packSku ?? "p500";
  const ref = options.ref ?? extRef("buyer");
  if (options.creatorCode === undefined) return newOrder(fixture.game.secretKey, packSku, ref, options.country ? { country: options.country } : {});
  const player = await playerRow(await ensurePlayer(fixture.game, ref));
  const db = await getDb();
  const scope = { gameId: fixture.gameId, env: "test" as const };
  const creatorCode = TypedCreatorCode.parse(options.creatorCode);
  const made = await db.transaction((tx) =>
    createCheckout(tx, scope, { settings: { prelaunch: false, launchAt: null }, player, input: { packSku, country: options.country, creatorCode }, clientIp: null }),
  );
  return made.order;
}

/** A fulfilled order, paid through the REST test helper. */
export async function paidOrder(fixture: StudioFixture, options: Parameters<typeof pendingOrder>[1] = {}): Promise<OrderView> {
  const order = await pendingOrder(fixture, options);
  const paid = await helper(fixture.game.secretKey, order.id, "pay");
  if (paid.status !== 200) throw new Error(`pay ${order.id}: ${paid.status} ${JSON.stringify(paid.body)}`);
  return paid.body;
}

export async function restRefund(fixture: StudioFixture, orderId: string, reason?: string): Promise<OrderView> {
  const refunded = await refund(fixture.game.secretKey, orderId, reason ? { reason } : undefined);
  if (refunded.status !== 200) throw new Error(`refund ${orderId}: ${refunded.status} ${JSON.stringify(refunded.body)}`);
  return refunded.body;
}

export async function restChargeback(fixture: StudioFixture, orderId: string): Promise<OrderView> {
  const done = await helper(fixture.game.secretKey, orderId, "chargeback");
  if (done.status !== 200) throw new Error(`chargeback ${orderId}: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body;
}

/** Runs `work` with the clock frozen at `iso` (orders, payments and refunds land on that instant). */
export async function at<T>(iso: string, work: () => Promise<T>): Promise<T> {
  clock.freeze(new Date(iso));
  try {
    return await work();
  } finally {
    clock.reset();
  }
}
