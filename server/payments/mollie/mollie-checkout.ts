import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { config } from "@/server/lib/config";
import { AppError, notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import type { OrderRow } from "@/server/orders/order-view";
import { beingConfirmed } from "../checkout-conflicts";
import type { PaymentMethod } from "../payment-methods";
import type { CheckoutAttempt, ProviderCheckout, StartCheckoutInput } from "../payment-provider";
import { MollieRefusal, mollieErrorMessage, type MollieClient } from "./mollie-client";
import { mollieCheckoutIdempotencyKey, molliePaymentParams } from "./mollie-payment-params";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "payments" });

/** Mollie's statuses in which the buyer has paid (or the bank has, for `authorized`): the order waits for the webhook. */
export const PAID_AT_MOLLIE = new Set(["paid", "authorized"]);

async function gameSlug(db: Db, gameId: string): Promise<string> {
  const rows = await db.select({ slug: games.slug }).from(games).where(eq(games.id, gameId)).limit(1);
  if (!rows[0]) throw notFound("Game");
  return rows[0].slug;
}

/**
 * Mollie's part of Pay: the attempt's payment is created (or found again) and the buyer goes to its
 * `_links.checkout`. A payment that ended at Mollie (canceled, expired, failed) while the order
 * still has time starts the next attempt.
 */
export async function startMollieCheckout(db: Db, scope: GameScope, { client, attempt, methods }: { client: MollieClient; attempt: CheckoutAttempt; methods: readonly PaymentMethod[] | null }): Promise<ProviderCheckout> {
  const { order, input, nextAttempt } = attempt;
  const slug = await gameSlug(db, scope.gameId);
  const create = async (pending: OrderRow | Promise<OrderRow>) => createPayment(db, client, { order: await pending, input, methods, slug });
  try {
    if (order.providerSessionId) {
      const existing = await client.getPayment(order.providerSessionId);
      if (PAID_AT_MOLLIE.has(existing.status)) return { kind: "confirming", sessionId: existing.id };
      const checkoutUrl = existing._links.checkout?.href;
      if ((existing.status === "open" || existing.status === "pending") && checkoutUrl) return { kind: "provider", url: checkoutUrl };
      return await create(nextAttempt());
    }
    return await create(order);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // SECURITY: Mollie's title and detail only; never the key or the request.
    log.error({ reason: mollieErrorMessage(error), orderId: order.id }, "Mollie refused a payment");
    throw new AppError("PAYMENT_FAILED", "The payment could not be started at Mollie. Nothing was charged; try again.");
  }
}

type PaymentRequest = { order: OrderRow; input: StartCheckoutInput; methods: readonly PaymentMethod[] | null; slug: string };

async function createPayment(db: Db, client: MollieClient, { order, input, methods, slug }: PaymentRequest): Promise<ProviderCheckout> {
  const params = molliePaymentParams(order, { locale: input.locale, publicUrl: config().publicUrl, token: input.token, gameSlug: slug, methods });
  const payment = await client.createPayment(params, mollieCheckoutIdempotencyKey(order.id, order.providerAttempt));
  // Kept only if no country change started another attempt meanwhile.
  await db
    .update(orders)
    .set({ providerSessionId: payment.id, updatedAt: clock.now() })
    .where(and(eq(orders.id, order.id), eq(orders.providerAttempt, order.providerAttempt), isNull(orders.providerSessionId)));
  const url = payment._links.checkout?.href;
  if (!url) throw new AppError("PAYMENT_FAILED", "Mollie did not give a payment page for this order.");
  return { kind: "provider", url };
}

/**
 * The buyer canceled on our page or changed country: the payment is canceled at Mollie where its
 * method allows (`isCancelable`). One already paid keeps the order for its webhook (409, being
 * confirmed). One that Mollie will not cancel stays open until Mollie expires it; if the buyer still
 * pays it, the webhook refunds it (mollie-settle.ts), since its order has moved on.
 */
export async function closeMollieCheckout(client: MollieClient, paymentId: string): Promise<void> {
  let payment;
  try {
    payment = await client.getPayment(paymentId);
  } catch (error) {
    if (error instanceof MollieRefusal && error.status === 404) return;
    log.error({ reason: mollieErrorMessage(error), paymentId }, "reading a Mollie payment failed");
    throw new AppError("PAYMENT_FAILED", "The order cannot be changed right now; try again.");
  }
  if (PAID_AT_MOLLIE.has(payment.status)) throw beingConfirmed();
  if (payment.status !== "open" || !payment.isCancelable) return;
  try {
    await client.cancelPayment(paymentId);
  } catch (error) {
    // Paid between the read and the cancel: Mollie refuses (422); the webhook confirms it.
    const again = await client.getPayment(paymentId).catch(() => null);
    if (again && PAID_AT_MOLLIE.has(again.status)) throw beingConfirmed();
    log.warn({ reason: mollieErrorMessage(error), paymentId }, "a Mollie payment could not be canceled");
  }
}
