import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { config } from "@/server/lib/config";
import { AppError, validationError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import type { Locale } from "@/server/orders/locales";
import { isPastExpiry } from "@/server/orders/order-expiry";
import { nextStatus } from "@/server/orders/order-transitions";
import type { OrderRow } from "@/server/orders/order-view";
import { checkoutIdempotencyKey, checkoutSessionParams, sessionExpiry } from "./checkout-session-params";
import type { StripeProvider } from "./stripe-provider";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "payments" });

export const CONSENT_REQUIRED = "CONSENT_REQUIRED";

/** Where the buyer goes next: Stripe's page, or Gamecoin's confirmation page when the payment is already done there. */
export type ProviderCheckout = { kind: "provider"; url: string } | { kind: "confirming"; sessionId: string };

export type StartCheckoutInput = { consent: boolean; locale: Locale; token: string };

/**
 * Pay on the hosted page with Stripe, once the buyer's consent is recorded (payOnHostedPage): the
 * order's Checkout Session is created (or found again) and the buyer is sent there. Database steps are short
 * transactions; the Stripe calls run between them, never inside one nor under a row lock.
 */
export async function startProviderCheckout(db: Db, scope: GameScope, { orderId, provider, input }: { orderId: string; provider: StripeProvider; input: StartCheckoutInput }): Promise<ProviderCheckout> {
  // EU digital content (Directive 2011/83/EU, art. 16(m)): no payment without the express consent.
  if (!input.consent) throw validationError({ consent: [CONSENT_REQUIRED] });
  const order = await prepareAttempt(db, scope, orderId);
  const stripe = provider.stripe.client;
  try {
    if (order.providerSessionId) {
      const existing = await stripe.checkout.sessions.retrieve(order.providerSessionId);
      if (existing.status === "complete") return { kind: "confirming", sessionId: existing.id };
      if (existing.status === "open" && existing.url) return { kind: "provider", url: existing.url };
      // Expired at Stripe while the order still has time: a new attempt.
      return await createSession(db, stripe, await nextAttempt(db, scope, order), input);
    }
    return await createSession(db, stripe, order, input);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    // The same key with other parameters (an earlier attempt whose answer was lost, then a later
    // expiry): that key is spent, the next attempt starts clean.
    if (error.type === "StripeIdempotencyError") return stripeRefusal(() => createSession(db, stripe, nextAttempt(db, scope, order), input));
    throw providerError(error);
  }
}

async function stripeRefusal(retry: () => Promise<ProviderCheckout>): Promise<ProviderCheckout> {
  try {
    return await retry();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw providerError(error);
    throw error;
  }
}

/** SECURITY: Stripe's message and request id only; never the key or the request. */
function providerError(error: Stripe.errors.StripeError): AppError {
  log.error({ type: error.type, code: error.code ?? null, reason: error.message, stripeRequestId: error.requestId ?? null }, "Stripe refused a checkout session");
  return new AppError("PAYMENT_FAILED", "The payment could not be started at Stripe. Nothing was charged; try again.");
}

/**
 * The order's expiry set to the one its session will have (see sessionExpiry),
 * before Stripe is called: the session's parameters are then read from the stored order alone.
 */
async function prepareAttempt(db: Db, scope: GameScope, orderId: string): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, scope, orderId, { forUpdate: true });
    nextStatus(order.status, "pay");
    if (isPastExpiry(order)) throw new AppError("CONFLICT", "This order has expired.", { status: "expired" });
    const now = clock.now();
    const expiresAt = order.providerSessionId ? order.expiresAt : sessionExpiry(order.expiresAt, now);
    const updated = await tx
      .update(orders)
      .set({ expiresAt, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    return updated[0] ?? order;
  });
}

/** The current session is gone: forget it and move to the next attempt (a new Idempotency-Key). */
async function nextAttempt(db: Db, scope: GameScope, order: OrderRow): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const current = await findOrder(tx, scope, order.id, { forUpdate: true });
    const updated = await tx
      .update(orders)
      .set({ providerSessionId: null, providerAttempt: current.providerAttempt + 1, expiresAt: sessionExpiry(current.expiresAt, now), updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    return updated[0] ?? current;
  });
}

async function createSession(db: Db, stripe: Stripe, pending: OrderRow | Promise<OrderRow>, input: StartCheckoutInput): Promise<ProviderCheckout> {
  const order = await pending;
  const params = checkoutSessionParams(order, { locale: input.locale, publicUrl: config().publicUrl, token: input.token });
  const session = await stripe.checkout.sessions.create(params, { idempotencyKey: checkoutIdempotencyKey(order.id, order.providerAttempt) });
  // Kept only if no country change started another attempt meanwhile (that one expired this session).
  await db
    .update(orders)
    .set({ providerSessionId: session.id, updatedAt: clock.now() })
    .where(and(eq(orders.id, order.id), eq(orders.providerAttempt, order.providerAttempt), isNull(orders.providerSessionId)));
  if (!session.url) throw new AppError("PAYMENT_FAILED", "Stripe did not give a payment page for this order.");
  return { kind: "provider", url: session.url };
}
