import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders } from "@/db/schema";
import { creatorShareCents } from "@/server/codes/creator-codes";
import { clock } from "@/server/lib/clock";
import { AppError, validationError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { EU_COUNTRY_REQUIRED, isEuCountry, vatFor } from "@/server/vat/eu-vat";
import { isPastExpiry } from "./order-expiry";
import { findOrder } from "./find-order";
import { nextStatus } from "./order-transitions";
import { toOrderView, type OrderRow, type OrderView } from "./order-view";

/**
 * The order's amounts for a buyer country: VAT and net recomputed, and the creator's share with them.
 * Only the 27 EU countries have a VAT rate; any other is the caller's bad input, never a crash.
 */
export function pricingForCountry(order: Pick<OrderRow, "amountCents" | "creatorRateBp">, country: string, at: Date) {
  if (!isEuCountry(country)) throw validationError({ country: [EU_COUNTRY_REQUIRED] });
  const vat = vatFor(order.amountCents, country, at);
  return {
    country: vat.country,
    vatRateBp: vat.vatRateBp,
    vatCents: vat.vatCents,
    netCents: vat.netCents,
    creatorShareCents: order.creatorRateBp === null ? null : creatorShareCents(vat.netCents, order.creatorRateBp),
  };
}

export type OrderCountryChoice = { orderId: string; country: string };

/** The buyer picks a country on the payment page before paying; only a pending order can change. */
export async function chooseOrderCountry(db: Db, scope: GameScope, { orderId, country }: OrderCountryChoice): Promise<OrderView> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, scope, { orderId, forUpdate: true });
    // Changing the country is only possible while the order could still be paid.
    nextStatus(order.status, "pay");
    if (isPastExpiry(order)) throw new AppError("CONFLICT", "This order has expired.", { status: "expired" });
    const now = clock.now();
    const updated = await tx
      .update(orders)
      .set({ ...pricingForCountry(order, country, now), updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    return toOrderView(updated[0] ?? order);
  });
}
