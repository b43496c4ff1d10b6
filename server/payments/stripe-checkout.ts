import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { config } from "@/server/lib/config";
import { AppError } from "@/server/lib/errors";
import type { OrderRow } from "@/server/orders/order-view";
import { checkoutIdempotencyKey, checkoutSessionParams } from "./checkout-session-params";
import type { PaymentMethod } from "./payment-methods";
import type { CheckoutAttempt, ProviderCheckout, StartCheckoutInput } from "./payment-provider";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "payments" });

export type StripeCheckoutStart = { stripe: Stripe; attempt: CheckoutAttempt; methods: readonly PaymentMethod[] | null };

/**
 * Stripe's part of Pay: the attempt's Checkout Session is created (or found again) and its URL is
 * where the buyer goes. A session that expired at Stripe while the order still has time starts the
 * next attempt.
 */
export async function startStripeCheckout(db: Db, { stripe, attempt: { order, input, nextAttempt }, methods }: StripeCheckoutStart): Promise<ProviderCheckout> {
  const create = (pending: OrderRow | Promise<OrderRow>) => createSession(db, stripe, { pending, input, methods });
  try {
    if (order.providerSessionId) {
      const existing = await stripe.checkout.sessions.retrieve(order.providerSessionId);
      if (existing.status === "complete") return { kind: "confirming", sessionId: existing.id };
      if (existing.status === "open" && existing.url) return { kind: "provider", url: existing.url };
      // Expired at Stripe while the order still has time: a new attempt.
      return await create(nextAttempt());
    }
    return await create(order);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    // The same key with other parameters (an earlier attempt whose answer was lost, then a later
    // expiry): that key is spent, the next attempt starts clean.
    if (error.type === "StripeIdempotencyError") return stripeRefusal(() => create(nextAttempt()));
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

type SessionRequest = { pending: OrderRow | Promise<OrderRow>; input: StartCheckoutInput; methods: readonly PaymentMethod[] | null };

async function createSession(db: Db, stripe: Stripe, { pending, input, methods }: SessionRequest): Promise<ProviderCheckout> {
  const order = await pending;
  const params = checkoutSessionParams(order, { locale: input.locale, publicUrl: config().publicUrl, token: input.token, methods });
  const session = await stripe.checkout.sessions.create(params, { idempotencyKey: checkoutIdempotencyKey(order.id, order.providerAttempt) });
  // Kept only if no country change started another attempt meanwhile (that one expired this session).
  await db
    .update(orders)
    .set({ providerSessionId: session.id, updatedAt: clock.now() })
    .where(and(eq(orders.id, order.id), eq(orders.providerAttempt, order.providerAttempt), isNull(orders.providerSessionId)));
  if (!session.url) throw new AppError("PAYMENT_FAILED", "Stripe did not give a payment page for this order.");
  return { kind: "provider", url: session.url };
}
