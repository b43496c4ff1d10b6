import "server-only";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import type { OrderRow } from "@/server/orders/order-view";
import type { MollieProvider } from "./mollie/mollie-provider";
import { settleMollieCheckout } from "./mollie/mollie-settle";
import type { CheckoutProvider } from "./payment-provider";
import type { StripeProvider } from "./stripe-provider";
import { settleStripeCheckout } from "./stripe-settle";

/**
 * Reads a pending order's checkout back from the provider that took it and settles the order through
 * the webhook's path, recorded once: Stripe's Checkout Session (stripe-settle.ts) or Mollie's payment
 * (mollie/mollie-settle.ts). The provider's other operations are its CheckoutProvider methods.
 */
export async function settleCheckout(db: Db, scope: GameScope, { provider, order }: { provider: CheckoutProvider; order: OrderRow }): Promise<void> {
  if (isStripe(provider)) return settleStripeCheckout(db, scope, { stripe: provider.stripe.client, order });
  if (isMollie(provider)) return settleMollieCheckout(db, scope, { client: provider.client, order });
}

function isStripe(provider: CheckoutProvider): provider is StripeProvider {
  return provider.name === "stripe" && "stripe" in provider;
}

function isMollie(provider: CheckoutProvider): provider is MollieProvider {
  return provider.name === "mollie" && "client" in provider;
}
