import "server-only";
import type Stripe from "stripe";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import type { OrderRow } from "@/server/orders/order-view";
import { molliePaymentProvider } from "./mollie/mollie-provider";
import { findGameEnvironment, offeredMethods, openMollieApiKey, openStripeKeys } from "./payment-config";
import type { PaymentProvider } from "./payment-provider";
import { paymentProviderFor } from "./provider-for";
import { stripeClient } from "./stripe-client";
import { stripeProvider } from "./stripe-provider";
import { testSimulator } from "./test-simulator";

/**
 * The environment's Stripe client from its stored keys, or null without keys. Used for orders paid
 * through Stripe even after the studio switched the environment to another provider: their refunds,
 * disputes and reconciliation still happen at Stripe.
 */
export async function stripeOfEnvironment(db: Db, scope: GameScope): Promise<Stripe | null> {
  const row = await findGameEnvironment(db, scope);
  const keys = row ? openStripeKeys(row) : null;
  return keys ? stripeClient(keys.secretKey) : null;
}

/** The provider that took an order's money (not necessarily the environment's current one): it pays it back. */
export async function providerOfOrder(db: Db, scope: GameScope, order: OrderRow): Promise<PaymentProvider | null> {
  if (order.provider === "stripe") {
    const row = await findGameEnvironment(db, scope);
    const keys = row ? openStripeKeys(row) : null;
    return keys ? stripeProvider(scope, keys) : null;
  }
  if (order.provider === "mollie") {
    const row = await findGameEnvironment(db, scope);
    const apiKey = row ? openMollieApiKey(row) : null;
    return apiKey ? molliePaymentProvider({ apiKey, methods: offeredMethods(row) }) : null;
  }
  if (order.provider === testSimulator.name) return scope.env === "test" ? testSimulator : null;
  return paymentProviderFor(db, scope);
}
