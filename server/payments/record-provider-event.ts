import "server-only";
import type { Db } from "@/db/client";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { chargebackOrder, recordDisputeState, type DisputeState } from "@/server/orders/chargeback-order";
import { closeOrder } from "@/server/orders/close-order";
import { findOrder } from "@/server/orders/find-order";
import type { OrderRow } from "@/server/orders/order-view";
import { payOrder } from "@/server/orders/pay-order";
import { recordRefund } from "@/server/orders/refund-order";
import { queueReceipt } from "./send-receipt";
import {
  claimDeferredProviderEvent,
  claimNewProviderEvent,
  settleProviderEvent,
  type EventVerdict,
  type IncomingProviderEvent,
} from "./provider-events";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "payments" });

/** What a provider's event asks of its order, decided on the locked order. */
export type ProviderAction =
  | { kind: "pay"; providerReference?: string }
  | { kind: "decline" }
  | { kind: "cancel" }
  | { kind: "expire" }
  | { kind: "refund" }
  | { kind: "chargeback"; dispute: DisputeState }
  | { kind: "record-dispute"; dispute: DisputeState }
  | { kind: "ignore" | "refuse" | "defer"; detail: string };

/**
 * Where an event leads: its order and how to decide, or a verdict reached without an order (not ours,
 * names another game, the order cannot be found yet). Finding the order may need the provider (a
 * network call), so the target is made before the transaction.
 */
export type EventTarget = { orderId: string; decide: (order: OrderRow) => ProviderAction } | { verdict: EventVerdict };

export type RecordedEvent = { status: EventVerdict["status"] | "duplicate"; detail: string | null; orderId: string | null };

export type TargetedProviderEvent = { event: IncomingProviderEvent; target: EventTarget };

/**
 * Records a provider's event and does what it says, once: in one transaction the event id is claimed
 * (a second delivery finds it taken and changes nothing), the order is moved through the same domain
 * functions as every other path, and the event's verdict is stored. A failure that is not a verdict
 * (the database) rolls back the claim too, so the provider's next delivery tries again.
 */
export async function recordProviderEvent(db: Db, scope: GameScope, { event, target }: TargetedProviderEvent): Promise<RecordedEvent> {
  const applied = await db.transaction(async (tx) => {
    if (!(await claimNewProviderEvent(tx, scope, event))) return null;
    const outcome = await applyToOrder(tx, scope, target);
    await settleProviderEvent(tx, scope, { event, verdict: outcome.verdict });
    return outcome;
  });
  if (!applied) return { status: "duplicate", detail: null, orderId: null };
  logVerdict(event, applied.verdict);
  return applied.verdict;
}

/** Reconciliation: a deferred event is tried again (null when another worker holds it or it was settled). */
export async function retryDeferredProviderEvent(db: Db, scope: GameScope, { event, target }: TargetedProviderEvent): Promise<EventVerdict | null> {
  const applied = await db.transaction(async (tx) => {
    if (!(await claimDeferredProviderEvent(tx, scope, { provider: event.provider, eventId: event.eventId }))) return null;
    const outcome = await applyToOrder(tx, scope, target);
    await settleProviderEvent(tx, scope, { event, verdict: outcome.verdict });
    return outcome;
  });
  if (!applied) return null;
  logVerdict(event, applied.verdict);
  return applied.verdict;
}

type Applied = { verdict: EventVerdict };

async function applyToOrder(tx: Db, scope: GameScope, target: EventTarget): Promise<Applied> {
  if ("verdict" in target) return { verdict: target.verdict };
  let order: OrderRow;
  try {
    order = await findOrder(tx, scope, { orderId: target.orderId, forUpdate: true });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") {
      return { verdict: { status: "refused", detail: `No order ${target.orderId} in this game and environment.`, orderId: null } };
    }
    throw error;
  }
  const action = target.decide(order);
  const verdict = (status: EventVerdict["status"], detail: string | null = null): Applied => ({ verdict: { status, detail, orderId: order.id } });
  try {
    switch (action.kind) {
      case "pay":
        await payOrder(tx, scope, { orderId: order.id, ...(action.providerReference === undefined ? {} : { providerReference: action.providerReference }) });
        await queueReceipt(tx, scope, order.id);
        return verdict("processed");
      case "decline":
        await closeOrder(tx, scope, { orderId: order.id, move: "decline" });
        return verdict("processed");
      case "cancel":
        await closeOrder(tx, scope, { orderId: order.id, move: "cancel" });
        return verdict("processed");
      case "expire":
        await closeOrder(tx, scope, { orderId: order.id, move: "expire" });
        return verdict("processed");
      case "refund":
        await recordRefund(tx, scope, { orderId: order.id, input: {} });
        return verdict("processed");
      case "chargeback":
        await chargebackOrder(tx, scope, { orderId: order.id, ...action.dispute });
        return verdict("processed");
      case "record-dispute":
        await recordDisputeState(tx, order.id, action.dispute);
        return verdict("processed", `Dispute ${action.dispute.disputeReference} is ${action.dispute.disputeStatus}; the order stays ${order.status}.`);
      case "ignore":
        return verdict("ignored", action.detail);
      case "refuse":
        return verdict("refused", action.detail);
      case "defer":
        return verdict("deferred", action.detail);
    }
  } catch (error) {
    // The move's own savepoint rolled back; the event is kept as seen, with why nothing changed.
    if (error instanceof AppError && error.code === "CONFLICT") return verdict("ignored", error.message);
    throw error;
  }
}

/** SECURITY: ids, types and verdicts only; never the payload (it holds the buyer's details). */
function logVerdict(event: IncomingProviderEvent, verdict: EventVerdict): void {
  if (verdict.status === "refused") {
    log.warn({ provider: event.provider, providerEventId: event.eventId, eventType: event.type, reason: verdict.detail ?? null }, "provider event refused");
  }
}
