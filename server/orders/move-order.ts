import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, type WebhookEventType } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { whenCommitted } from "@/server/observability/after-commit";
import { metrics } from "@/server/observability/metrics";
import { recordEvent } from "@/server/webhooks/record-event";
import { findOrder } from "./find-order";
import { nextStatus, type OrderMove } from "./order-transitions";
import { toOrderView, type OrderRow, type OrderView } from "./order-view";

export type OrderChanges = Partial<Omit<typeof orders.$inferInsert, "id" | "gameId" | "env" | "status">>;
export type OrderEvent = { id: string; type: WebhookEventType; data: unknown };

/** What a move does besides the status: the columns it sets and the events it records after the change. */
export type MoveEffect = { set: OrderChanges; events?: (view: OrderView) => OrderEvent[] };

export type MoveOrderOptions = { orderId: string; move: OrderMove; effect: (tx: Db, order: OrderRow, now: Date) => Promise<MoveEffect> };

/**
 * The one order transition, in one transaction (a savepoint in the caller's): lock the order, check
 * the move against the state machine (409 otherwise), let `effect` do its work (deliver, take back)
 * and name the columns it sets, update the row, then record the move's events, so the change, its
 * ledger entries and its outbox events commit together or not at all.
 */
export async function moveOrder(db: Db, scope: GameScope, { orderId, move, effect }: MoveOrderOptions): Promise<OrderView> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, scope, { orderId, forUpdate: true });
    const status = nextStatus(order.status, move);
    const now = clock.now();
    const { set, events } = await effect(tx, order, now);
    const updated = await tx
      .update(orders)
      .set({ ...set, status, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    const view = toOrderView(single(updated));
    for (const event of events?.(view) ?? []) await recordEvent(tx, scope, { ...event, orderId: order.id });
    // Counted when the outermost transaction commits: a move rolled back with its caller never happened.
    whenCommitted(() => metrics().orderTransitions.inc({ from: order.status, to: status }));
    return view;
  });
}

export function single(rows: OrderRow[]): OrderRow {
  const row = rows[0];
  if (!row) throw new AppError("INTERNAL_ERROR", "The order changed under us.");
  return row;
}
