import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { players } from "@/db/schema";
import { getGame } from "@/server/games/game-settings";
import { claimInTransaction, findRecord } from "@/server/idempotency/records";
import { AppError, notFound } from "@/server/lib/errors";
import { seal, unseal, UnsealError } from "@/server/lib/sealing";
import type { GameScope } from "@/server/lib/scope";
import { createCheckout, type CheckoutInput } from "@/server/orders/create-checkout";
import { isLocale } from "@/server/orders/locales";
import { isPastExpiry } from "@/server/orders/order-expiry";
import type { OrderRow } from "@/server/orders/order-view";

/** Orders whose buyer may start over from the confirmation page: the payment ended without money moving. */
export const RETRYABLE_STATUSES: readonly OrderRow["status"][] = ["failed", "canceled"];

/** Where "Try again" leads: the same order's page while it can still be paid, else a new checkout's page. */
export type RetryOutcome = { kind: "same" } | { kind: "new"; orderId: string; checkoutUrl: string };

/**
 * One new checkout per final order, however often "Try again" is pressed (two tabs, a double click):
 * the first one's answer is kept as an idempotency record of this principal, keyed by the old order.
 */
const RETRY_PRINCIPAL = "pay-page:retry";
const RETRY_OPERATION = "retryCheckout";
const StoredRetry = z.object({ orderId: z.string(), checkoutUrl: z.string() });

/** SECURITY: the new page's URL holds its token; it is kept sealed, openable only as this order's retry. */
function sealContext(oldOrderId: string): string {
  return `pay-page-retry:checkoutUrl:${oldOrderId}`;
}

/**
 * "Try again" on the hosted page's confirmation. A pending order that can still be paid is paid on its
 * own page. A declined or canceled one is final: a new checkout is made for the same player and pack,
 * with the old one's return URLs, country, language and creator code, through createCheckout, so the
 * same rules apply (sale window, stock, per-player limit, blocked player) and refuse with their codes.
 * Any other order (paid, expired, refunded…) cannot be tried again: 409 CONFLICT.
 */
export async function retryCheckout(db: Db, order: OrderRow): Promise<RetryOutcome> {
  if (order.status === "pending" && !isPastExpiry(order)) return { kind: "same" };
  if (!RETRYABLE_STATUSES.includes(order.status)) {
    throw new AppError("CONFLICT", "Only a declined or canceled order can be tried again.", { status: order.status });
  }
  const scope: GameScope = { gameId: order.gameId, env: order.env };
  const earlier = await earlierRetry(db, scope, order.id);
  if (earlier) return earlier;
  try {
    return await newCheckoutOnce(db, scope, { order, keepCreatorCode: true });
  } catch (error) {
    // The creator code was withdrawn since: the purchase itself is still allowed, without it.
    if (error instanceof AppError && error.code === "VALIDATION_FAILED" && namesCreatorCode(error)) {
      return newCheckoutOnce(db, scope, { order, keepCreatorCode: false });
    }
    throw error;
  }
}

async function newCheckoutOnce(db: Db, scope: GameScope, { order, ...options }: { order: OrderRow; keepCreatorCode: boolean }): Promise<RetryOutcome> {
  try {
    return await newCheckout(db, scope, { order, ...options });
  } catch (error) {
    if (!(error instanceof RetryTaken)) throw error;
    const earlier = await earlierRetry(db, scope, order.id);
    if (!earlier) throw new AppError("CONFLICT", "This order is being tried again; reload the page.", { status: order.status });
    return earlier;
  }
}

/** A concurrent "Try again" on the same order committed first; its checkout is the answer. */
class RetryTaken extends Error {}

function namesCreatorCode(error: AppError): boolean {
  const fieldErrors = error.details?.fieldErrors;
  return typeof fieldErrors === "object" && fieldErrors !== null && "creatorCode" in fieldErrors;
}

async function earlierRetry(db: Db, scope: GameScope, oldOrderId: string): Promise<RetryOutcome | null> {
  const record = await findRecord(db, scope, { principal: RETRY_PRINCIPAL, key: oldOrderId });
  if (!record) return null;
  const stored = StoredRetry.parse(JSON.parse(record.text));
  try {
    return { kind: "new", orderId: stored.orderId, checkoutUrl: unseal(stored.checkoutUrl, sealContext(oldOrderId)) };
  } catch (error) {
    if (!(error instanceof UnsealError)) throw error;
    // AUTH_SECRET was replaced without keeping the old one: that page's link is lost, and a second
    // checkout would hold a second unit of stock. The buyer starts again from the game.
    throw new AppError("CONFLICT", "This order was already tried again; start again from the game.", { status: "retried" });
  }
}

async function newCheckout(db: Db, scope: GameScope, { order, ...options }: { order: OrderRow; keepCreatorCode: boolean }): Promise<RetryOutcome> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(players).where(eq(players.id, order.playerId)).limit(1);
    const player = rows[0];
    if (!player) throw notFound("Player");
    const { settings } = await getGame(tx, order.gameId);
    const input: CheckoutInput = {
      packSku: order.packSku,
      successUrl: order.successUrl ?? undefined,
      cancelUrl: order.cancelUrl ?? undefined,
      // The country the buyer last chose (or was charged for): the new page starts from it.
      country: order.country,
      locale: order.locale && isLocale(order.locale) ? order.locale : undefined,
      creatorCode: options.keepCreatorCode ? (order.creatorCode ?? undefined) : undefined,
      returnOrigin: order.returnOrigin,
    };
    // No client address: the code was accepted once already; the per-player limit still applies.
    const checkout = await createCheckout(tx, scope, { settings, player, input, clientIp: null });
    const text = JSON.stringify({ orderId: checkout.order.id, checkoutUrl: seal(checkout.checkoutUrl, sealContext(order.id)) });
    const claim = { principal: RETRY_PRINCIPAL, key: order.id, fingerprint: RETRY_OPERATION, operation: RETRY_OPERATION, status: 201 };
    // Rolled back, order and held stock with it, when another "Try again" on this order committed first.
    if (!(await claimInTransaction(tx, scope, { claim, text }))) throw new RetryTaken();
    return { kind: "new", orderId: checkout.order.id, checkoutUrl: checkout.checkoutUrl };
  });
}
