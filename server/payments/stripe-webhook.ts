import "server-only";
import Stripe from "stripe";
import type { Db } from "@/db/client";
import { environments, type Environment } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { stripeConfigForWebhook } from "./payment-config";
import { providerEventReceived } from "./provider-events";
import { recordProviderEvent, type RecordedEvent } from "./record-provider-event";
import { stripeClient } from "./stripe-client";
import { hasStripeEventShape } from "./stripe-event-shape";
import { stripeEventTarget } from "./stripe-events";
import { recordStripePaymentCountry } from "./stripe-payment-country";

/** The events whose processing pays an order: its payment method's country is read after them. */
const PAYING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** Stripe signs the time it sent the event; an older signature is a replay (Stripe's own default). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;
/** Stripe's events are a few kilobytes; anything far larger is not one. */
export const STRIPE_WEBHOOK_MAX_BYTES = 512 * 1024;

const notConnected = () => new AppError("VALIDATION_FAILED", "No Stripe account is connected at this address.");

/** A Stripe delivery as the route received it: the path's game and environment, the raw body and its signature header. */
export type StripeDelivery = { gameSlug: string; env: string; rawBody: Buffer; signature: string | null };

/**
 * `POST /api/payments/stripe/<game>/<env>`: verifies the event against the environment's signing
 * secret on the exact bytes received (5-minute tolerance), then records it and does what it says,
 * once per event id. Everything refused here (unknown game, no Stripe keys, bad signature, an event
 * of the other mode) is a 400 that changes nothing; an event that is verified is always answered 2xx,
 * whatever its verdict (processed, ignored, refused, deferred): Stripe retrying it would not change it.
 */
export async function receiveStripeWebhook(db: Db, { gameSlug, env, rawBody, signature }: StripeDelivery): Promise<RecordedEvent> {
  if (!(environments as readonly string[]).includes(env)) throw notConnected();
  if (rawBody.length > STRIPE_WEBHOOK_MAX_BYTES) throw new AppError("VALIDATION_FAILED", "The body is too large for a Stripe event.");
  const config = await stripeConfigForWebhook(db, gameSlug, env as Environment);
  if (!config) throw notConnected();
  if (!signature) throw new AppError("VALIDATION_FAILED", "The Stripe-Signature header is missing.");
  const stripe = stripeClient(config.secretKey);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, STRIPE_SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError || error instanceof SyntaxError) {
      throw new AppError("VALIDATION_FAILED", "The Stripe-Signature header does not match this body, or is too old.");
    }
    throw error;
  }
  if (!hasStripeEventShape(event)) throw new AppError("VALIDATION_FAILED", "The body is not a Stripe event of the shape its type has.");
  // SECURITY: a test-mode event can never move a live order, nor the reverse.
  if (event.livemode !== (config.env === "live")) throw new AppError("VALIDATION_FAILED", `A ${event.livemode ? "live" : "test"}-mode event was sent to the ${config.env} endpoint.`);
  const scope: GameScope = { gameId: config.gameId, env: config.env };
  // A redelivery is answered without asking Stripe anything; the claim in recordProviderEvent is what guarantees once.
  if (await providerEventReceived(db, scope, { provider: "stripe", eventId: event.id })) return { status: "duplicate", detail: null, orderId: null };
  const target = await stripeEventTarget(db, scope, { event, stripe });
  const recorded = await recordProviderEvent(db, scope, { event: { provider: "stripe", eventId: event.id, type: event.type, payload: event }, target });
  if (recorded.status === "processed" && recorded.orderId && PAYING_EVENTS.has(event.type)) {
    await recordStripePaymentCountry(db, scope, { orderId: recorded.orderId, stripe });
  }
  return recorded;
}

