import "server-only";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import type { Locale } from "@/server/orders/locales";
import type { OrderRow } from "@/server/orders/order-view";

/**
 * `uncertain`: the provider may have acted (no answer, its own error); the order stays as it was and
 * the same call with the same idempotency key is safe to try again.
 */
export type ProviderOutcome = { ok: true; reference?: string } | { ok: false; reason: string; uncertain?: boolean };

/** Where the buyer goes next: the provider's page, or Gamecoin's confirmation page when the payment is already done there. */
export type ProviderCheckout = { kind: "provider"; url: string } | { kind: "confirming"; sessionId: string };

/** What the hosted page's Pay hands to a provider, after the buyer's consent was recorded. */
export type StartCheckoutInput = { consent: boolean; locale: Locale; token: string; country?: string };

/**
 * What a provider's checkout needs from the shared flow (start-checkout.ts): the order as stored for
 * this attempt, and the way to the next attempt when the provider's checkout is spent (expired,
 * canceled, or its idempotency key used with other parameters).
 */
export type CheckoutAttempt = { order: OrderRow; input: StartCheckoutInput; nextAttempt: () => Promise<OrderRow> };

/**
 * What Gamecoin needs from a payment provider. Every provider names the page where the buyer pays (its
 * own, or ours for the simulator) and refunds.
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

/**
 * A real provider (Stripe, Mollie): the buyer pays on its page, and it confirms asynchronously (its
 * webhook, or the `payments` job reading the checkout back: settle-checkout.ts) through the order
 * functions. None of these may be called inside a database transaction: they call the provider.
 * Settling is not a method here: it records events through the order functions, which call back into
 * the provider to refund, and `server/` has no import circles.
 */
export interface CheckoutProvider extends PaymentProvider {
  readonly name: "stripe" | "mollie";
  readonly simulated: false;
  /** The expiry the order takes when a checkout starts (the provider may bound it, as Stripe does). */
  checkoutExpiry(orderExpiresAt: Date, now: Date): Date;
  /** Creates (or finds again) the attempt's checkout at the provider; returns where the buyer goes. */
  startCheckout(db: Db, scope: GameScope, attempt: CheckoutAttempt): Promise<ProviderCheckout>;
  /**
   * The checkout can no longer be paid (the buyer canceled, or changed country). Throws CONFLICT with
   * PAYMENT_BEING_CONFIRMED (checkout-country.ts) when the buyer already paid it.
   */
  closeCheckout(checkoutId: string): Promise<void>;
}

export function isCheckoutProvider(provider: PaymentProvider | null): provider is CheckoutProvider {
  return provider !== null && !provider.simulated && (provider.name === "stripe" || provider.name === "mollie");
}
