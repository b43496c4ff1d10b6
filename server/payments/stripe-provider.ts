import "server-only";
import type Stripe from "stripe";
import type { Environment } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { sessionExpiry } from "./checkout-session-params";
import type { PaymentMethod } from "./payment-methods";
import type { CheckoutProvider } from "./payment-provider";
import type { StripeKeys } from "./payment-config";
import { startStripeCheckout } from "./stripe-checkout";
import { stripeClient } from "./stripe-client";
import { refundWithStripe } from "./stripe-refund";
import { expireStripeSession } from "./stripe-checkout-close";

/** What code acting on Stripe for one environment needs: the SDK client and the opened keys. */
export type StripeAccess = StripeKeys & { client: Stripe; gameId: string; env: Environment };

export interface StripeProvider extends CheckoutProvider {
  readonly name: "stripe";
  readonly stripe: StripeAccess;
}

/**
 * Stripe for one game and environment. The buyer first goes to Gamecoin's hosted page (country for
 * VAT, then the EU digital-content consent); Pay there starts the Checkout Session. `methods` null:
 * the methods turned on in the studio's Stripe dashboard.
 */
export function stripeProvider({ gameId, env }: GameScope, keys: StripeKeys, methods: readonly PaymentMethod[] | null = null): StripeProvider {
  const client = stripeClient(keys.secretKey);
  return {
    name: "stripe",
    simulated: false,
    stripe: { ...keys, client, gameId, env },
    paymentPageUrl: (_order, hostedPageUrl) => hostedPageUrl,
    refund: (order, idempotencyKey) => refundWithStripe(client, order, idempotencyKey),
    checkoutExpiry: sessionExpiry,
    startCheckout: (db, _scope, attempt) => startStripeCheckout(db, { stripe: client, attempt, methods }),
    closeCheckout: (sessionId) => expireStripeSession(client, sessionId),
  };
}
