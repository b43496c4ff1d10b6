import "server-only";
import type { PaymentMethod } from "../payment-methods";
import type { CheckoutProvider } from "../payment-provider";
import { mollieClient, type MollieClient } from "./mollie-client";
import { closeMollieCheckout, startMollieCheckout } from "./mollie-checkout";
import { refundWithMollie } from "./mollie-refund";

export interface MollieProvider extends CheckoutProvider {
  readonly name: "mollie";
  readonly client: MollieClient;
}

/**
 * Mollie for one game and environment. As with Stripe, the buyer first picks the country and gives
 * the consent on Gamecoin's page; Pay creates the Mollie payment and sends the buyer to its checkout.
 * The order keeps its own expiry: Mollie takes none for the methods offered (mollie-payment-params.ts).
 */
export function molliePaymentProvider({ apiKey, methods }: { apiKey: string; methods: readonly PaymentMethod[] | null }): MollieProvider {
  const client = mollieClient(apiKey);
  return {
    name: "mollie",
    simulated: false,
    client,
    paymentPageUrl: (_order, hostedPageUrl) => hostedPageUrl,
    refund: (order, idempotencyKey) => refundWithMollie(client, order, idempotencyKey),
    checkoutExpiry: (orderExpiresAt) => orderExpiresAt,
    startCheckout: (db, checkoutScope, attempt) => startMollieCheckout(db, checkoutScope, { client, attempt, methods }),
    closeCheckout: (paymentId) => closeMollieCheckout(client, paymentId),
  };
}
