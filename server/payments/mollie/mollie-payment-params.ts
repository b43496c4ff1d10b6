import "server-only";
import type { Environment } from "@/db/schema";
import type { Locale } from "@/server/orders/locales";
import type { OrderRow } from "@/server/orders/order-view";
import { mollieMethodIds, type PaymentMethod } from "../payment-methods";
import type { CreatePaymentParams } from "./mollie-client";
import { toMollieAmount } from "./mollie-objects";

/** One key per order and attempt, as for Stripe: a repeated Pay gets the same payment back. */
export function mollieCheckoutIdempotencyKey(orderId: string, attempt: number): string {
  return `gamecoin-mollie-checkout-${orderId}-${attempt}`;
}

/** Where Mollie sends the buyer's payment updates (`id=tr_…`, no signature). */
export function mollieWebhookUrl(publicUrl: string, gameSlug: string, env: Environment): string {
  return `${publicUrl}/api/payments/mollie/${encodeURIComponent(gameSlug)}/${env}`;
}

/**
 * Mollie's checkout language from the page's language and the buyer's country: Belgian buyers get
 * the Belgian variants (their bank and card brands are named differently), English is Mollie's en_US.
 */
export function mollieLocale(locale: Locale, country: string | null): string {
  if (locale === "en") return "en_US";
  if (country === "BE") return `${locale}_BE`;
  return locale === "fr" ? "fr_FR" : "nl_NL";
}

export type PaymentParamsInput = { locale: Locale; publicUrl: string; token: string; gameSlug: string; methods: readonly PaymentMethod[] | null };

/**
 * The Mollie payment of an order, built from what is stored on it, so that the same order and attempt
 * always send the same parameters. No `expiresAt`: Mollie sets a payment's expiry per method (15 to 30
 * minutes for the redirect methods offered here) and takes none for them; the order's own expiry is
 * kept by Gamecoin, and the `payments` job cancels or refunds what Mollie lets through after it.
 */
export function molliePaymentParams(order: OrderRow, input: PaymentParamsInput): CreatePaymentParams {
  const page = `${input.publicUrl}/pay/${encodeURIComponent(input.token)}`;
  return {
    amount: toMollieAmount(order.amountCents),
    description: `${order.packName} (${order.id})`.slice(0, 255),
    // Mollie appends nothing to the URL: `back=mollie` tells the confirmation page to read the payment.
    redirectUrl: `${page}/done?back=mollie`,
    webhookUrl: mollieWebhookUrl(input.publicUrl, input.gameSlug, order.env),
    locale: mollieLocale(input.locale, order.country),
    ...(input.methods ? { method: mollieMethodIds(input.methods) } : {}),
    metadata: { orderId: order.id, gameId: order.gameId, env: order.env },
  };
}
