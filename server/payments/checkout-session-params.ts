import "server-only";
import type Stripe from "stripe";
import type { Locale } from "@/server/orders/locales";
import type { OrderRow } from "@/server/orders/order-view";
import { stripeMethodTypes, type PaymentMethod } from "./payment-methods";

/** Stripe accepts a Checkout Session's `expires_at` from 30 minutes to 24 hours after its creation. */
const STRIPE_MIN_EXPIRY_MS = 30 * 60_000;
const STRIPE_MAX_EXPIRY_MS = 24 * 60 * 60_000;
/** Slack for the clocks of Gamecoin and Stripe and the time the call takes. */
const CLOCK_SLACK_MS = 60_000;
/** How far an order too close to its end is extended: past Stripe's minimum, with a few minutes to spare. */
const EXTENDED_EXPIRY_MS = 35 * 60_000;

/**
 * The expiry the order and its session share. An order keeps its own while Stripe accepts it; one
 * closer than 30 minutes (the buyer took a while on the page) is extended to 35 minutes from now, one
 * farther than 24 hours is shortened to 24 hours. The answer is stored on the order before Stripe is
 * called, so a repeated Pay within a few minutes sends the same parameters under the same
 * Idempotency-Key and gets the same session back.
 */
export function sessionExpiry(orderExpiresAt: Date, now: Date): Date {
  const remaining = orderExpiresAt.getTime() - now.getTime();
  if (remaining < STRIPE_MIN_EXPIRY_MS + CLOCK_SLACK_MS) return new Date(now.getTime() + EXTENDED_EXPIRY_MS);
  if (remaining > STRIPE_MAX_EXPIRY_MS - CLOCK_SLACK_MS) return new Date(now.getTime() + STRIPE_MAX_EXPIRY_MS - CLOCK_SLACK_MS);
  return orderExpiresAt;
}

/** One key per order and attempt: a repeated Pay gets the same session; a country change starts attempt + 1. */
export function checkoutIdempotencyKey(orderId: string, attempt: number): string {
  return `gamecoin-checkout-${orderId}-${attempt}`;
}

/**
 * The Checkout Session for an order, built only from what is stored on it (amounts, expiry, attempt),
 * so that the same order and attempt always give the same parameters.
 */
export function checkoutSessionParams(order: OrderRow, input: { locale: Locale; publicUrl: string; token: string; methods?: readonly PaymentMethod[] | null }): Stripe.Checkout.SessionCreateParams {
  const metadata = { orderId: order.id, gameId: order.gameId, env: order.env };
  const page = `${input.publicUrl}/pay/${encodeURIComponent(input.token)}`;
  // No list: the methods turned on in the studio's Stripe dashboard (Stripe's dynamic payment methods).
  // `payment_method_types` is Stripe's documented parameter; this SDK version's typings name only its
  // newer filter (`allowed_payment_method_types`), hence the spread of a plain record.
  const methodTypes: Record<string, string[]> = input.methods ? { payment_method_types: stripeMethodTypes(input.methods) } : {};
  return {
    mode: "payment",
    ...methodTypes,
    currency: "eur",
    line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: order.amountCents, product_data: { name: order.packName } } }],
    client_reference_id: order.id,
    metadata,
    payment_intent_data: { metadata },
    locale: input.locale,
    success_url: `${page}/done?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${page}/done`,
    expires_at: Math.floor(order.expiresAt.getTime() / 1000),
  };
}
