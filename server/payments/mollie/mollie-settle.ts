import "server-only";
import type { Db } from "@/db/client";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import { recordPaymentCountryEvidence } from "@/server/orders/payment-country-evidence";
import type { OrderRow } from "@/server/orders/order-view";
import { recordProviderEvent, type RecordedEvent } from "../record-provider-event";
import { MollieRefusal, mollieErrorMessage, type MollieClient } from "./mollie-client";
import { decideMolliePayment, isStrayPayment } from "./mollie-decide";
import { toMollieAmount } from "./mollie-objects";
import { snapshotOf, type MolliePaymentSnapshot } from "./mollie-snapshot";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "payments" });

/** A payment's state can ask for two steps in a row (paid, then charged back): at most this many per reading. */
const MAX_STEPS = 3;

/** Reads a payment with its chargebacks (only when Mollie reports some); null when Mollie knows no such payment. */
export async function readMolliePayment(client: MollieClient, paymentId: string): Promise<MolliePaymentSnapshot | null> {
  try {
    const payment = await client.getPayment(paymentId);
    const chargebacks = payment.amountChargedBack ? await client.paymentChargebacks(payment.id) : [];
    return snapshotOf(payment, chargebacks);
  } catch (error) {
    if (error instanceof MollieRefusal && (error.status === 404 || error.status === 410)) return null;
    throw error;
  }
}

/**
 * A Mollie payment moves its order: the webhook (which names only the payment), the `payments` job
 * and the confirmation page all come here. The payment must be one of this game and environment
 * (mode and metadata); each step is recorded as an event whose id names the payment's state and the
 * order's status, so a repeated webhook or a racing job changes nothing twice. Null: not ours.
 */
export async function settleMolliePayment(db: Db, scope: GameScope, { client, paymentId }: { client: MollieClient; paymentId: string }): Promise<RecordedEvent | null> {
  const payment = await readMolliePayment(client, paymentId);
  if (!payment) return null;
  const foreign = foreignPayment(scope, payment);
  if (foreign || !payment.orderId) {
    log.warn({ paymentId, reason: foreign ?? "no order in its metadata" }, "Mollie payment not of this endpoint");
    return null;
  }
  let first: RecordedEvent | null = null;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const order = await orderOf(db, scope, payment.orderId);
    if (!order) return null;
    if (isStrayPayment(order, payment)) await refundStray(client, payment);
    const eventId = `mollie_${payment.id}_${payment.status}_r${payment.refundedCents}_c${payment.chargedBackCents}_${order.status}`;
    const recorded = await recordProviderEvent(db, scope, {
      event: { provider: "mollie", eventId, type: `payment.${payment.status}`, payload: payment },
      target: { orderId: order.id, decide: (locked) => decideMolliePayment(locked, payment) },
    });
    // The answer is the reading's first step (later steps only follow a processed one).
    first ??= recorded;
    // Only a reversal (refund, chargeback) can ask for a step after the payment itself was recorded.
    if (recorded.status !== "processed" || (payment.refundedCents === 0 && payment.chargedBackCents === 0)) break;
  }
  // VAT evidence: the issuing country Mollie reports (a card's country, or the bank account's for iDEAL and Bancontact).
  if (first?.status === "processed" && payment.status === "paid" && payment.issuerCountry) {
    await recordPaymentCountryEvidence(db, scope, { orderId: payment.orderId, country: payment.issuerCountry, source: "mollie:details" });
  }
  return first;
}

function foreignPayment(scope: GameScope, payment: MolliePaymentSnapshot): string | null {
  // SECURITY: a test-mode payment can never move a live order, nor the reverse.
  if (payment.mode !== scope.env) return `A ${payment.mode}-mode payment for the ${scope.env} environment.`;
  if (payment.gameId !== null && payment.gameId !== scope.gameId) return "The payment names another game.";
  if (payment.env !== null && payment.env !== scope.env) return "The payment names another environment.";
  return null;
}

async function orderOf(db: Db, scope: GameScope, orderId: string): Promise<OrderRow | null> {
  try {
    return await findOrder(db, scope, { orderId });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
}

/** The whole payment back, once (the same key on every try); a failure is logged and tried at the next reading. */
async function refundStray(client: MollieClient, payment: MolliePaymentSnapshot): Promise<void> {
  try {
    await client.createRefund(payment.id, { amount: toMollieAmount(payment.amountCents), description: `Refund of an unused payment for order ${payment.orderId ?? ""}` }, `gamecoin-stray-refund-${payment.id}`);
  } catch (error) {
    log.error({ paymentId: payment.id, reason: mollieErrorMessage(error) }, "refunding a stray Mollie payment failed");
  }
}

/**
 * Reconciliation and the confirmation page: a pending order's current payment is read and settled.
 * One still open past the order's expiry is canceled at Mollie where its method allows, so it can no
 * longer be paid. Any Mollie failure leaves the order as it is (the webhook or the next run settles it).
 */
export async function settleMollieCheckout(db: Db, scope: GameScope, { client, order }: { client: MollieClient; order: OrderRow }): Promise<void> {
  const paymentId = order.providerSessionId;
  if (!paymentId) return;
  try {
    if (order.expiresAt.getTime() <= clock.nowMs()) {
      const payment = await client.getPayment(paymentId);
      if (payment.status === "open" && payment.isCancelable) await client.cancelPayment(paymentId);
    }
    await settleMolliePayment(db, scope, { client, paymentId });
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.warn({ paymentId, orderId: order.id, reason: mollieErrorMessage(error) }, "Mollie payment could not be read");
  }
}
