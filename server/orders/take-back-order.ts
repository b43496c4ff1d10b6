import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { inventory, type LedgerEntryType } from "@/db/schema";
import type { GameSettings } from "@/server/games/game-settings";
import type { GameScope } from "@/server/lib/scope";
import { removeItem } from "@/server/inventory/inventory-moves";
import { clawback } from "@/server/wallet/ledger-moves";
import { creditsOf } from "./deliver-order";
import type { OrderRow } from "./order-view";

export type OrderTakeBack = { policy: GameSettings["negativeBalance"]; order: OrderRow; entryType: Extract<LedgerEntryType, "refund_clawback" | "chargeback_clawback">; reason: string | null };

/**
 * Takes back what an order delivered: its paid and bonus coins (a debt on `paid` when they were spent,
 * or stopping at zero with the `clamp` policy) and its items as far as the player still owns them.
 */
export async function takeBackOrderContents(db: Db, scope: GameScope, { policy, order, entryType, reason }: OrderTakeBack): Promise<void> {
  for (const c of creditsOf(order)) {
    await clawback(db, scope, { playerId: order.playerId, currency: c.currency, paid: c.paid, bonus: c.bonus, negativeBalance: policy, details: { type: entryType, orderId: order.id, reason } });
  }
  for (const delivered of order.deliveredItems ?? []) {
    const owned = await db
      .select({ quantity: inventory.quantity })
      .from(inventory)
      .where(and(eq(inventory.playerId, order.playerId), eq(inventory.sku, delivered.sku)))
      .for("update");
    const quantity = Math.min(delivered.quantity, owned[0]?.quantity ?? 0);
    if (quantity > 0) await removeItem(db, { playerId: order.playerId, sku: delivered.sku, quantity });
  }
}
