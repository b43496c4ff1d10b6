import "server-only";
import type Stripe from "stripe";
import type { Db } from "@/db/client";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { childLogger } from "@/server/observability/logger";
import { stripeOfEnvironment } from "./order-provider";
import { advanceReversalCursor, claimReversalReads, type ReversalRead } from "./reversal-reads";
import { recordProviderEvent, type EventTarget } from "./record-provider-event";
import type { IncomingProviderEvent } from "./provider-events";
import { stripeErrorMessage } from "./stripe-errors";
import { disputeTarget, refundTarget, type DisputeEventType } from "./stripe-events";

const log = childLogger({ module: "payments" });

/** Each read starts this far before the last one ended: an object can appear in Stripe's lists a little after its `created`. */
const OVERLAP_SECONDS = 15 * 60;
/** The first read of an environment looks back this far. */
const FIRST_LOOKBACK_SECONDS = 30 * 24 * 3600;

export type ReversalCounts = { environmentsChecked: number; disputesApplied: number; refundsApplied: number };

/**
 * Disputes and refunds made at Stripe whose webhook never arrived. Reconciliation of checkouts recovers
 * a missed payment, but a missed `charge.dispute.created` or `charge.refunded` would leave the coins
 * with a buyer who got their money back. So each Stripe environment's account is asked for the
 * disputes and refunds created since its last read (Stripe's list endpoints, with `created[gte]`),
 * and each one that belongs to an order of this game goes through the same path as its webhook,
 * recorded as a `reconcile_…` event so a late webhook and a second instance change nothing twice.
 * Objects of the account that are no order of this game (another game on the same account) are left.
 */
export async function reconcileReversals(db: Db, limit: number): Promise<ReversalCounts> {
  const counts: ReversalCounts = { environmentsChecked: 0, disputesApplied: 0, refundsApplied: 0 };
  for (const due of await claimReversalReads(db, { provider: "stripe", limit })) {
    const { scope } = due;
    try {
      const done = await readBack(db, due);
      counts.environmentsChecked += 1;
      counts.disputesApplied += done.disputes;
      counts.refundsApplied += done.refunds;
    } catch (error) {
      // The cursor stays: the next attempt (REVERSALS_EVERY_MS on) reads the same span again. A refused
      // key is the studio's to fix (the Payments card says so); like every other Stripe refusal it is a
      // warning, not an app error.
      log.warn({ gameId: scope.gameId, env: scope.env, reason: stripeErrorMessage(error) }, "Stripe's disputes and refunds could not be read back");
    }
  }
  return counts;
}

async function readBack(db: Db, { scope, checkedAt }: ReversalRead): Promise<{ disputes: number; refunds: number }> {
  const stripe = await stripeOfEnvironment(db, scope);
  if (!stripe) return { disputes: 0, refunds: 0 };
  const startedAt = clock.now();
  const nowSeconds = Math.floor(startedAt.getTime() / 1000);
  const since = checkedAt ? Math.floor(checkedAt.getTime() / 1000) - OVERLAP_SECONDS : nowSeconds - FIRST_LOOKBACK_SECONDS;
  let disputes = 0;
  for await (const dispute of stripe.disputes.list({ created: { gte: since }, limit: 100 })) {
    const type: DisputeEventType = dispute.status === "won" || dispute.status === "lost" ? "charge.dispute.closed" : "charge.dispute.created";
    // Without the client, no PaymentIntent is read from Stripe: a dispute of no order of ours is left as it is.
    const target = await disputeTarget(db, scope, { type, dispute, stripe: null });
    if (await applyIfOurs(db, scope, { reading: { eventId: `reconcile_${dispute.id}_${dispute.status}`, type, payload: dispute }, target })) disputes += 1;
  }
  let refunds = 0;
  const chargesSeen = new Set<string>();
  for await (const refund of stripe.refunds.list({ created: { gte: since }, limit: 100 })) {
    const chargeId = typeof refund.charge === "string" ? refund.charge : refund.charge?.id;
    if (!chargeId || chargesSeen.has(chargeId)) continue;
    chargesSeen.add(chargeId);
    const charge: Stripe.Charge = await stripe.charges.retrieve(chargeId);
    const target = await refundTarget(db, scope, { charge, stripe: null });
    if (await applyIfOurs(db, scope, { reading: { eventId: `reconcile_${charge.id}_refunded_${charge.amount_refunded}`, type: "charge.refunded", payload: charge }, target })) refunds += 1;
  }
  await advanceReversalCursor(db, { provider: "stripe", scope, readAt: startedAt });
  return { disputes, refunds };
}

/** Records the reading as an event when it names an order of this game; true when it changed the order. */
async function applyIfOurs(db: Db, scope: GameScope, { reading, target }: { reading: Omit<IncomingProviderEvent, "provider">; target: EventTarget }): Promise<boolean> {
  if ("verdict" in target) return false;
  const recorded = await recordProviderEvent(db, scope, { event: { provider: "stripe", ...reading }, target });
  return recorded.status === "processed";
}
