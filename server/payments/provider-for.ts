import "server-only";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { molliePaymentProvider } from "./mollie/mollie-provider";
import { effectiveProvider, findGameEnvironment, offeredMethods, openMollieApiKey, openStripeKeys } from "./payment-config";
import type { PaymentProvider } from "./payment-provider";
import { stripeProvider } from "./stripe-provider";
import { testSimulator } from "./test-simulator";

/**
 * The provider of an environment, as configured in Keys & settings → Payments: the simulator (test
 * only, its default), Stripe, Mollie, or none (live's default), in which case checkouts of paid packs answer
 * 402 PAYMENT_FAILED. Reads the database only: safe inside a transaction.
 */
export async function paymentProviderFor(db: Db, scope: GameScope): Promise<PaymentProvider | null> {
  const row = await findGameEnvironment(db, scope);
  const name = effectiveProvider(scope.env, row?.paymentProvider ?? null);
  // The simulator never runs in live, whatever a row says: it completes orders without money.
  if (name === "simulator") return scope.env === "test" ? testSimulator : null;
  if (name === "stripe" && row) {
    const keys = openStripeKeys(row);
    return keys ? stripeProvider(scope, keys, offeredMethods(row)) : null;
  }
  if (name === "mollie" && row) {
    const apiKey = openMollieApiKey(row);
    return apiKey ? molliePaymentProvider({ apiKey, methods: offeredMethods(row) }) : null;
  }
  return null;
}

export { mollieConfigForWebhook, paymentMethodsFor, paymentProviderNameFor, stripeConfigForWebhook } from "./payment-config";

/** Free packs need no provider: the hosted page confirms them without payment. */
export const FREE_PROVIDER_NAME = "free";
