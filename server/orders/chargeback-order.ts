import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { getGame } from "@/server/games/game-settings";
import { orderEventId } from "@/server/webhooks/record-event";
import { moveOrder } from "./move-order";
import type { OrderView } from "./order-view";
import { takeBackOrderContents } from "./take-back-order";

export type OrderChargeback = { orderId: string } & Partial<DisputeState>;

/**
 * The payer disputed a paid order (reported by the provider, or the test helper). A fulfilled order
 * gives back its coins and items like a refund; a paid, undelivered one has nothing to take back.
 * `dispute` is the provider's record of it, kept on the order for staff.
 */
export async function chargebackOrder(db: Db, scope: GameScope, { orderId, ...dispute }: OrderChargeback): Promise<OrderView> {
  const { settings } = await getGame(db, scope.gameId);
  return moveOrder(db, scope, {
    orderId,
    move: "chargeback",
    effect: async (tx, order, now) => {
      if (order.status === "fulfilled") {
        await takeBackOrderContents(tx, scope, { policy: settings.negativeBalance, order, entryType: "chargeback_clawback", reason: "chargeback" });
      }
      return {
        set: { chargebackAt: now, ...dispute },
        events: (view) => [{ id: orderEventId.chargeback(order.id), type: "order.chargeback", data: view }],
      };
    },
  });
}

export type DisputeState = { disputeStatus: string; disputeReference: string };

/** The provider's latest word on a dispute, kept on the order for staff; the order's state does not change. */
export async function recordDisputeState(db: Db, orderId: string, dispute: DisputeState): Promise<void> {
  await db.update(orders).set({ ...dispute, updatedAt: clock.now() }).where(eq(orders.id, orderId));
}
