import "server-only";
import { clock } from "@/server/lib/clock";
import type { OrderRow } from "@/server/orders/order-view";
import type { ProviderAction } from "../record-provider-event";
import { OWN_REFUND_GRACE_MS } from "../stripe-events";
import type { MolliePaymentSnapshot } from "./mollie-snapshot";

const ignore = (detail: string): ProviderAction => ({ kind: "ignore", detail });

/** The order's payment at Mollie: the attempt in progress, or the one that paid it. */
export function isOrdersPayment(order: OrderRow, payment: MolliePaymentSnapshot): boolean {
  return order.providerSessionId === payment.id || order.providerReference === payment.id;
}

/**
 * A payment paid for an order that has moved on without it (canceled, expired, or paid by another
 * attempt): the buyer's money must go back.
 */
export function isStrayPayment(order: OrderRow, payment: MolliePaymentSnapshot): boolean {
  if (payment.status !== "paid" || payment.refundedCents > 0 || payment.chargedBackCents > 0) return false;
  if (order.status === "pending") return false;
  return order.providerReference !== payment.id;
}

/**
 * What the payment's state asks of its order, decided on the locked order. Mollie's webhook says only
 * "this payment changed", so the whole state is read each time and each step is taken once (the
 * event id names the state and the order's status: mollie-settle.ts).
 */
export function decideMolliePayment(order: OrderRow, payment: MolliePaymentSnapshot): ProviderAction {
  if (payment.currency !== "EUR" || payment.amountCents !== order.amountCents) {
    return { kind: "refuse", detail: `Mollie's amount ${payment.amountCents} ${payment.currency} does not match the order's ${order.amountCents} EUR.` };
  }
  const current = isOrdersPayment(order, payment);
  switch (payment.status) {
    case "paid":
      return decidePaid(order, payment);
    case "failed":
      return current && order.status === "pending" ? { kind: "decline" } : ignore(`Payment ${payment.id} failed; the order is ${order.status}.`);
    case "canceled":
      return current && order.status === "pending" ? { kind: "cancel" } : ignore(`Payment ${payment.id} was canceled; the order is ${order.status}.`);
    case "expired":
      // Abandoned at Mollie's page: the order ends with it, its units go back on sale.
      return current && order.status === "pending" ? { kind: "expire" } : ignore(`Payment ${payment.id} expired; the order is ${order.status}.`);
    default:
      return ignore(`Payment ${payment.id} is ${payment.status}: nothing to do yet.`);
  }
}

function decidePaid(order: OrderRow, payment: MolliePaymentSnapshot): ProviderAction {
  if (order.status === "pending") return { kind: "pay", providerReference: payment.id };
  if (order.providerReference !== payment.id) return ignore(`A second payment for an order already ${order.status}: it is refunded.`);
  const open = payment.chargebacks.find((chargeback) => !chargeback.reversedAt);
  if (payment.chargedBackCents > 0 && open) {
    if (order.status === "fulfilled" || order.status === "paid") return { kind: "chargeback", dispute: { disputeStatus: "lost", disputeReference: open.id } };
    return ignore(`Chargeback ${open.id}; the order is already ${order.status}.`);
  }
  if (order.status === "chargeback" && payment.chargebacks.length > 0 && !open) {
    const reversed = payment.chargebacks[0];
    if (reversed) return { kind: "record-dispute", dispute: { disputeStatus: "reversed", disputeReference: reversed.id } };
  }
  if (payment.refundedCents > 0) {
    if (order.status !== "fulfilled") return ignore(`Refunded at Mollie; the order is already ${order.status}.`);
    if (payment.refundedCents < payment.amountCents) {
      return ignore(`Partial refund of ${payment.refundedCents} of ${payment.amountCents} cents: the order stays fulfilled and nothing is taken back.`);
    }
    if (order.refundRequestedAt && clock.nowMs() - order.refundRequestedAt.getTime() < OWN_REFUND_GRACE_MS) {
      return ignore("Our own refund, being recorded by the request that made it (else by the payments job).");
    }
    return { kind: "refund" };
  }
  return ignore(`The order is already ${order.status}.`);
}
