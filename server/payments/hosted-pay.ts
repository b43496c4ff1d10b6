import "server-only";
import type { Db } from "@/db/client";
import { AppError, validationError } from "@/server/lib/errors";
import type { Locale } from "@/server/orders/locales";
import type { OrderRow } from "@/server/orders/order-view";
import { changeCheckoutCountry } from "./checkout-country";
import { confirmFreeOrder } from "./confirm-free-order";
import { recordPayRequest } from "./pay-request-evidence";
import { isCheckoutProvider } from "./payment-provider";
import { paymentProviderFor } from "./provider-for";
import { simulateOutcome } from "./simulate-outcome";
import { CONSENT_REQUIRED, startProviderCheckout, type ProviderCheckout } from "./start-checkout";

/** `clientIp`: the address the Pay request came from, as the custom server vouched for it (null when none). */
export type HostedPayInput = { country?: string; consent: boolean; locale: Locale; token: string; clientIp: string | null };

/** Where the hosted page sends the buyer after Pay: its confirmation page, or the provider's page. */
export type HostedPayOutcome = { kind: "done" } | ProviderCheckout;

/**
 * Pay on Gamecoin's hosted page: a free pack is confirmed, the simulator pays at once, Stripe or Mollie
 * starts its checkout. An environment without a provider refuses (402), as createCheckout does.
 * Every paid pack needs the buyer's express consent to immediate delivery (Directive 2011/83/EU,
 * art. 16(m)), the simulator's too: it rehearses the real page, and its receipts state the waiver.
 */
export async function payOnHostedPage(db: Db, order: OrderRow, input: HostedPayInput): Promise<HostedPayOutcome> {
  const scope = { gameId: order.gameId, env: order.env };
  const country = input.country === undefined ? {} : { country: input.country };
  if (order.amountCents === 0) {
    await recordPayRequest(db, scope, { orderId: order.id, consented: false, clientIp: input.clientIp });
    await confirmFreeOrder(db, scope, { orderId: order.id, ...country });
    return { kind: "done" };
  }
  if (!input.consent) throw validationError({ consent: [CONSENT_REQUIRED] }, "Tick the consent to immediate delivery to pay.");
  await recordPayRequest(db, scope, { orderId: order.id, consented: true, clientIp: input.clientIp });
  const provider = await paymentProviderFor(db, scope);
  if (provider?.simulated) {
    await simulateOutcome(db, scope, { orderId: order.id, outcome: "pay", ...country });
    return { kind: "done" };
  }
  if (isCheckoutProvider(provider)) {
    // The pay form repeats the page's country; a different one is a country change first.
    if (input.country !== undefined && input.country !== order.country) {
      await changeCheckoutCountry(db, scope, { orderId: order.id, country: input.country });
    }
    return startProviderCheckout(db, scope, { orderId: order.id, provider, input });
  }
  throw new AppError("PAYMENT_FAILED", `No payment provider is configured for the ${order.env} environment.`);
}
