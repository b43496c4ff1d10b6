import "server-only";
import type Stripe from "stripe";
import type { Environment } from "@/db/schema";
import type { PaymentProvider } from "./payment-provider";
import type { StripeKeys } from "./payment-config";
import { stripeClient } from "./stripe-client";
import { refundWithStripe } from "./stripe-refund";

/** What code acting on Stripe for one environment needs: the SDK client and the opened keys. */
export type StripeAccess = StripeKeys & { client: Stripe; gameId: string; env: Environment };

export interface StripeProvider extends PaymentProvider {
  readonly name: "stripe";
  readonly stripe: StripeAccess;
}

export function isStripeProvider(provider: PaymentProvider | null): provider is StripeProvider {
  return provider?.name === "stripe";
}

/**
 * Stripe for one game and environment. The buyer first goes to Gamecoin's hosted page (country for
 * VAT, then the EU digital-content consent); Pay there starts the Checkout Session.
 */
export function stripeProvider(gameId: string, env: Environment, keys: StripeKeys): StripeProvider {
  return {
    name: "stripe",
    simulated: false,
    stripe: { ...keys, client: stripeClient(keys.secretKey), gameId, env },
    paymentPageUrl: (_order, hostedPageUrl) => hostedPageUrl,
    refund: (order, idempotencyKey) => refundWithStripe(stripeClient(keys.secretKey), order, idempotencyKey),
  };
}
