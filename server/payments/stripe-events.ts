import "server-only";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import type { OrderRow } from "@/server/orders/order-view";
import type { EventVerdict } from "./provider-events";
import type { EventTarget, ProviderAction } from "./record-provider-event";
import { stripeErrorMessage } from "./stripe-errors";

/** The events the webhook endpoint must be subscribed to (the dashboard lists them); any other is recorded and ignored. */
export const stripeWebhookEvents = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
] as const;

/**
 * Our own refund that Stripe reports before the request that made it has recorded it: left to that
 * request (it keeps the staff's reason and answers them) for this long, then to reconciliation.
 */
export const OWN_REFUND_GRACE_MS = 2 * 60_000;

const ignore = (detail: string): ProviderAction => ({ kind: "ignore", detail });
const refuse = (detail: string): ProviderAction => ({ kind: "refuse", detail });
const defer = (detail: string): ProviderAction => ({ kind: "defer", detail });
const verdict = (status: EventVerdict["status"], detail: string): EventTarget => ({ verdict: { status, detail, orderId: null } });

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** Gamecoin's checkouts name their game and environment in the metadata; another's is refused. */
function foreignMetadata(scope: GameScope, metadata: Stripe.Metadata | null | undefined): string | null {
  if (metadata?.gameId !== undefined && metadata.gameId !== scope.gameId) return "The event names another game.";
  if (metadata?.env !== undefined && metadata.env !== scope.env) return "The event names another environment.";
  return null;
}

function amountMismatch(order: OrderRow, amount: number | null, currency: string | null): string | null {
  if (currency !== "eur" || amount !== order.amountCents) {
    return `Stripe's amount ${amount ?? "none"} ${currency ?? ""} does not match the order's ${order.amountCents} eur.`;
  }
  return null;
}

export type StripeEventSource = { event: Stripe.Event; stripe: Stripe | null };

/**
 * Where a verified Stripe event leads. Checkout events name their order (client_reference_id, and
 * metadata.orderId / gameId / env, which must agree); charge and dispute events are found by their
 * PaymentIntent (the order's providerReference), else by the PaymentIntent's metadata, read from
 * Stripe when the event does not carry it (outside any transaction).
 */
export async function stripeEventTarget(db: Db, scope: GameScope, { event, stripe }: StripeEventSource): Promise<EventTarget> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired":
      return sessionTarget(scope, event.type, event.data.object);
    case "charge.refunded":
      return refundTarget(db, scope, { charge: event.data.object, stripe });
    case "charge.dispute.created":
    case "charge.dispute.closed":
      return disputeTarget(db, scope, { type: event.type, dispute: event.data.object, stripe });
    default:
      return verdict("ignored", `Gamecoin does not act on ${event.type}.`);
  }
}

export type RefundedCharge = { charge: Stripe.Charge; stripe: Stripe | null };

/** A charge's refund (its `charge.refunded` event, or reconciliation's reading of the charge). */
export function refundTarget(db: Db, scope: GameScope, { charge, stripe }: RefundedCharge): Promise<EventTarget> {
  return paymentTarget(db, scope, { paymentIntent: idOf(charge.payment_intent), metadata: charge.metadata, stripe, decide: (order) => decideRefund(order, charge) });
}

/** A dispute event (or reconciliation's reading of one), and the client to look its payment up with. */
export type DisputeReading = { type: DisputeEventType; dispute: Stripe.Dispute; stripe: Stripe | null };

/** A dispute opened or closed (its event, or reconciliation's reading of the dispute). */
export function disputeTarget(db: Db, scope: GameScope, { type, dispute, stripe }: DisputeReading): Promise<EventTarget> {
  return paymentTarget(db, scope, { paymentIntent: idOf(dispute.payment_intent), metadata: dispute.metadata, stripe, decide: (order) => decideDispute(type, order, dispute) });
}

export type DisputeEventType = "charge.dispute.created" | "charge.dispute.closed";

/** A checkout session's event, or reconciliation's reading of the session itself. */
export function sessionTarget(scope: GameScope, type: Stripe.Event["type"], session: Stripe.Checkout.Session): EventTarget {
  const reference = session.client_reference_id;
  const named = session.metadata?.orderId;
  const orderId = reference ?? named;
  if (!orderId) return verdict("ignored", "Not a Gamecoin checkout: no client_reference_id or metadata.orderId.");
  if (reference && named && reference !== named) return verdict("refused", "client_reference_id and metadata.orderId name different orders.");
  const foreign = foreignMetadata(scope, session.metadata);
  if (foreign) return verdict("refused", foreign);
  return { orderId, decide: (order) => decideSession(type, session, order) };
}

function decideSession(type: Stripe.Event["type"], session: Stripe.Checkout.Session, order: OrderRow): ProviderAction {
  const paid = type === "checkout.session.async_payment_succeeded" || (type === "checkout.session.completed" && session.payment_status === "paid");
  if (type === "checkout.session.completed" && !paid) {
    return ignore(`Payment ${session.payment_status}: checkout.session.async_payment_succeeded or _failed follows.`);
  }
  // A country change expires the old session: its expiry (or failure) must not close the order.
  if (!paid && order.providerSessionId !== session.id) return ignore(`Session ${session.id} is not the order's current checkout.`);
  const mismatch = amountMismatch(order, session.amount_total, session.currency);
  if (mismatch) return refuse(mismatch);
  if (paid) {
    if (order.status === "pending") {
      const reference = idOf(session.payment_intent);
      return reference ? { kind: "pay", providerReference: reference } : { kind: "pay" };
    }
    if (order.status === "fulfilled" || order.status === "refunded" || order.status === "chargeback") return ignore(`The order is already ${order.status}.`);
    // Money taken for an order closed meanwhile: nothing is delivered; staff refund it in Stripe.
    return refuse(`Paid at Stripe, but the order is ${order.status}: refund the payment in Stripe's dashboard.`);
  }
  if (order.status !== "pending") return ignore(`The order is already ${order.status}.`);
  return { kind: type === "checkout.session.async_payment_failed" ? "decline" : "expire" };
}

/**
 * Which Stripe payment an event is about: its PaymentIntent and metadata, and the client to look it up
 * with; `decide` is what the event does to the order found.
 */
type StripePayment = { paymentIntent: string | null; metadata: Stripe.Metadata | null | undefined; stripe: Stripe | null; decide: (order: OrderRow) => ProviderAction };

async function paymentTarget(db: Db, scope: GameScope, { paymentIntent, metadata, stripe, decide }: StripePayment): Promise<EventTarget> {
  const checkPayment = (order: OrderRow): ProviderAction =>
    order.providerReference && paymentIntent && order.providerReference !== paymentIntent
      ? refuse(`The order was paid by ${order.providerReference}, not ${paymentIntent}.`)
      : decide(order);
  if (paymentIntent) {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.gameId, scope.gameId), eq(orders.env, scope.env), eq(orders.providerReference, paymentIntent)))
      .limit(1);
    if (rows[0]) return { orderId: rows[0].id, decide: checkPayment };
  }
  let named = metadata ?? {};
  if (!named.orderId && paymentIntent && stripe) {
    try {
      named = (await stripe.paymentIntents.retrieve(paymentIntent)).metadata;
    } catch (error) {
      return verdict("deferred", `The PaymentIntent could not be read from Stripe (${stripeErrorMessage(error)}).`);
    }
  }
  if (!named.orderId) return verdict("ignored", "Not a Gamecoin payment: no order has this PaymentIntent and its metadata names none.");
  const foreign = foreignMetadata(scope, named);
  if (foreign) return verdict("refused", foreign);
  return { orderId: named.orderId, decide: checkPayment };
}

function decideRefund(order: OrderRow, charge: Stripe.Charge): ProviderAction {
  const mismatch = amountMismatch(order, charge.amount, charge.currency);
  if (mismatch) return refuse(mismatch);
  if (order.status === "pending" || order.status === "paid") return defer("The refund arrived before the payment was recorded.");
  if (order.status !== "fulfilled") return ignore(`The order is already ${order.status}.`);
  if (charge.amount_refunded < charge.amount) {
    return ignore(`Partial refund of ${charge.amount_refunded} of ${charge.amount} cents: the order stays fulfilled and nothing is taken back.`);
  }
  if (order.refundRequestedAt && clock.nowMs() - order.refundRequestedAt.getTime() < OWN_REFUND_GRACE_MS) {
    return defer("Our own refund, still being recorded by the request that made it.");
  }
  return { kind: "refund" };
}

function decideDispute(type: DisputeEventType, order: OrderRow, dispute: Stripe.Dispute): ProviderAction {
  if (dispute.currency !== "eur" || dispute.amount > order.amountCents) {
    return refuse(`The dispute's ${dispute.amount} ${dispute.currency} does not match the order's ${order.amountCents} eur.`);
  }
  const state = { disputeStatus: dispute.status, disputeReference: dispute.id };
  if (order.status === "pending") return defer("The dispute arrived before the payment was recorded.");
  const open = type === "charge.dispute.created" || dispute.status === "lost";
  // A dispute takes the money back at once (lost or not); a won one gives it back, recorded for staff.
  if (open && (order.status === "fulfilled" || order.status === "paid")) return { kind: "chargeback", dispute: state };
  return { kind: "record-dispute", dispute: state };
}
