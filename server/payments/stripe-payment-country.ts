import "server-only";
import type Stripe from "stripe";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import { recordPaymentCountryEvidence } from "@/server/orders/payment-country-evidence";
import { childLogger } from "@/server/observability/logger";
import { stripeErrorMessage } from "./stripe-errors";

const log = childLogger({ module: "payments" });

/** The issuing country Stripe reports on a charge, and the field it came from; methods without one (iDEAL, Bancontact…) answer null. */
export function chargeIssuingCountry(charge: Pick<Stripe.Charge, "payment_method_details">): { country: string; source: string } | null {
  const details = charge.payment_method_details;
  if (details?.card?.country) return { country: details.card.country, source: "stripe:card.country" };
  if (details?.sepa_debit?.country) return { country: details.sepa_debit.country, source: "stripe:sepa_debit.country" };
  return null;
}

/**
 * After Stripe settled an order (its webhook or reconciliation): the PaymentIntent's latest charge is
 * read once, outside any transaction, for the payment method's issuing country (VAT evidence). A
 * failure costs only that piece of evidence: it is logged and the order stays as it is.
 */
export async function recordStripePaymentCountry(db: Db, scope: GameScope, { orderId, stripe }: { orderId: string; stripe: Stripe }): Promise<void> {
  const order = await findOrder(db, scope, { orderId });
  if (!order.providerReference || order.paymentCountry) return;
  try {
    const intent = await stripe.paymentIntents.retrieve(order.providerReference, { expand: ["latest_charge"] });
    const charge = intent.latest_charge;
    const issuing = charge && typeof charge !== "string" ? chargeIssuingCountry(charge) : null;
    if (issuing) await recordPaymentCountryEvidence(db, scope, { orderId, ...issuing });
  } catch (error) {
    log.warn({ orderId, paymentIntent: order.providerReference, reason: stripeErrorMessage(error) }, "payment country not read from Stripe");
  }
}
