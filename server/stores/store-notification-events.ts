import "server-only";
import type { Db } from "@/db/client";
import type { StoreName } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { claimNewProviderEvent, settleProviderEvent, type EventVerdict } from "@/server/payments/provider-events";
import { revokeStoreTransaction, type RevocationOutcome, type StoreRevocation } from "./revoke-store-transaction";

/** What a store notification did: `duplicate` when this endpoint had received it before. */
export type NotificationAnswer = { status: EventVerdict["status"] | "duplicate"; detail: string | null; orderId: string | null };

export type StoreNotification = { store: StoreName; eventId: string; type: string; payload: unknown };

export type StoreNotificationRecord = { notification: StoreNotification; apply: (tx: Db) => Promise<EventVerdict> };

/**
 * Records a store's notification once per endpoint (the payment-events log every provider uses) and
 * runs `apply` in the same transaction: a redelivery finds the event taken and changes nothing.
 */
export async function recordStoreNotification(db: Db, scope: GameScope, { notification, apply }: StoreNotificationRecord): Promise<NotificationAnswer> {
  return db.transaction(async (tx) => {
    const event = { provider: notification.store, eventId: notification.eventId, type: notification.type, payload: notification.payload };
    if (!(await claimNewProviderEvent(tx, scope, event))) return { status: "duplicate", detail: null, orderId: null };
    const verdict = await apply(tx);
    await settleProviderEvent(tx, scope, { event, verdict });
    return verdict;
  });
}

/** A revocation as a notification's verdict. */
export async function revocationVerdict(tx: Db, scope: GameScope, revocation: StoreRevocation): Promise<EventVerdict> {
  const outcome: RevocationOutcome = await revokeStoreTransaction(tx, scope, revocation);
  const processed = outcome.status === "clawed_back" || outcome.status === "remembered";
  return { status: processed ? "processed" : "ignored", detail: outcome.detail ?? outcome.status, orderId: outcome.orderId };
}
