import "server-only";
import type { OrderRow } from "@/server/orders/order-view";

/**
 * `uncertain`: the provider may have acted (no answer, its own error); the order stays as it was and
 * the same call with the same idempotency key is safe to try again.
 */
export type ProviderOutcome = { ok: true; reference?: string } | { ok: false; reason: string; uncertain?: boolean };

/**
 * What Gamecoin needs from a payment provider. A real provider (Stripe, Adyen, Mollie…) implements it:
 * it names the page where the buyer pays (its own, or ours for the simulator), confirms payments
 * asynchronously by calling the order functions (payOrder / declineOrder / chargebackOrder) from its
 * webhook, and refunds.
 */
export interface PaymentProvider {
  readonly name: string;
  /** True when the buyer pays on Gamecoin's hosted page with the simulator's buttons. */
  readonly simulated: boolean;
  /** Where to send the buyer; `hostedPageUrl` is Gamecoin's own page for the order. */
  paymentPageUrl(order: OrderRow, hostedPageUrl: string): string;
  /**
   * Gives the money back. Must not be called inside a database transaction (it may be a network call).
   * `idempotencyKey` is the same for every attempt to refund one order, so a provider that honours it
   * (as Stripe, Adyen and Mollie do) pays back once even when two refunds race or one is retried.
   */
  refund(order: OrderRow, idempotencyKey: string): Promise<ProviderOutcome>;
}
