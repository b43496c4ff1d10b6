import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { ConsumptionRequest } from "@apple/app-store-server-library";
import type { Db } from "@/db/client";
import { balances } from "@/db/schema";
import { creditsOf } from "@/server/orders/deliver-order";
import type { OrderRow } from "@/server/orders/order-view";
import { appleLibrary } from "./apple-library";

/** Apple's consumptionPercentage is in thousandths of a percent. */
const WHOLE = 100_000;

/**
 * What Apple asks before deciding a refund, answered from the ledger: how much of the pack's coins the
 * player no longer holds (coins still in the balance, up to what the order credited, count as unspent),
 * and a refund preference that follows from it: all unspent → grant (the refund takes everything back),
 * all spent → decline, in between → prorated. An order already refunded counts as undelivered.
 */
export async function consumptionInformation(db: Db, order: OrderRow): Promise<ConsumptionRequest> {
  const { DeliveryStatus, RefundPreference } = await appleLibrary();
  if (order.status !== "fulfilled") {
    return { customerConsented: true, deliveryStatus: DeliveryStatus.UNDELIVERED_OTHER, sampleContentProvided: false };
  }
  const credits = creditsOf(order);
  const credited = credits.reduce((sum, c) => sum + c.paid + c.bonus, 0);
  const held = new Map(
    credits.length === 0
      ? []
      : (
          await db
            .select({ currency: balances.currency, paid: balances.paid, bonus: balances.bonus })
            .from(balances)
            .where(and(eq(balances.playerId, order.playerId), inArray(balances.currency, credits.map((c) => c.currency))))
        ).map((b) => [b.currency, b.paid + b.bonus]),
  );
  const kept = credits.reduce((sum, c) => sum + Math.min(Math.max(held.get(c.currency) ?? 0, 0), c.paid + c.bonus), 0);
  const consumptionPercentage = credited === 0 ? 0 : Math.round(((credited - kept) * WHOLE) / credited);
  const refundPreference =
    consumptionPercentage === 0 ? RefundPreference.GRANT_FULL : consumptionPercentage === WHOLE ? RefundPreference.DECLINE : RefundPreference.GRANT_PRORATED;
  return { customerConsented: true, deliveryStatus: DeliveryStatus.DELIVERED, consumptionPercentage, refundPreference, sampleContentProvided: false };
}
