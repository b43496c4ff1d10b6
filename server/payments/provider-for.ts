import type { Environment } from "@/db/schema";
import type { PaymentProvider } from "./payment-provider";
import { testSimulator } from "./test-simulator";

/**
 * The provider of an environment. `live` has none until a real provider is configured, so live
 * checkouts of paid packs answer 402 PAYMENT_FAILED.
 */
export function paymentProviderFor(env: Environment): PaymentProvider | null {
  return env === "test" ? testSimulator : null;
}

/** Free packs need no provider: the hosted page confirms them without payment. */
export const FREE_PROVIDER_NAME = "free";
