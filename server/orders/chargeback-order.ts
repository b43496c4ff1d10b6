import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { getGame } from "@/server/games/game-settings";
import { orderEventId, recordEvent } from "@/server/webhooks/record-event";
import { findOrder } from "./find-order";
import { nextStatus } from "./order-transitions";
import { toOrderView, type OrderView } from "./order-view";
import { single } from "./pay-order";
import { takeBackOrderContents } from "./take-back-order";

/**
 * The payer disputed a paid order (reported by the provider, or the test helper). A fulfilled order
 * gives back its coins and items like a refund; a paid, undelivered one has nothing to take back.
 */
export async function chargebackOrder(db: Db, scope: GameScope, orderId: string): Promise<OrderView> {
  const { settings } = await getGame(db, scope.gameId);
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, scope, orderId, { forUpdate: true });
    const status = nextStatus(order.status, "chargeback");
    const now = clock.now();
    if (order.status === "fulfilled") {
      await takeBackOrderContents(tx, scope, settings.negativeBalance, order, "chargeback_clawback", "chargeback");
    }
    const updated = await tx.update(orders).set({ status, chargebackAt: now, updatedAt: now }).where(eq(orders.id, order.id)).returning();
    const view = toOrderView(single(updated));
    await recordEvent(tx, scope, { id: orderEventId.chargeback(order.id), type: "order.chargeback", orderId: order.id, data: view });
    return view;
  });
}
