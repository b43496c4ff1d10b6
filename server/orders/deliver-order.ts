import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { items, type ItemQuantity, type PackGrant } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { addUpToLimit } from "@/server/inventory/inventory-moves";
import { credit } from "@/server/wallet/ledger-moves";

export type Credit = { currency: string; paid: number; bonus: number };

/**
 * Merges pack lines by currency and sorts them, so balance rows are always locked in the same order.
 * Only money makes coins `paid`: a free pack's coins all go to `bonus`.
 */
export function creditsOf(order: { grants: PackGrant[]; amountCents: number }): Credit[] {
  const free = order.amountCents === 0;
  const byCurrency = new Map<string, Credit>();
  for (const grant of order.grants) {
    const entry = byCurrency.get(grant.currency) ?? { currency: grant.currency, paid: 0, bonus: 0 };
    if (free) entry.bonus += grant.amount + grant.bonus;
    else {
      entry.paid += grant.amount;
      entry.bonus += grant.bonus;
    }
    byCurrency.set(grant.currency, entry);
  }
  return [...byCurrency.values()].filter((c) => c.paid + c.bonus > 0).sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

/**
 * Credits the pack's coins (`amount` to paid, `bonus` to bonus) as `purchase_credit` entries and adds
 * its items. The buyer has paid, so the order is always delivered: an item over its `maxOwned` (or the
 * 10^15 cap) is delivered up to the limit, and the order records what was really delivered, which is
 * what a refund takes back.
 */
export async function deliverOrderContents(
  db: Db,
  scope: GameScope,
  order: { id: string; playerId: string; grants: PackGrant[]; items: ItemQuantity[]; amountCents: number },
): Promise<{ credits: Credit[]; deliveredItems: ItemQuantity[] }> {
  const credits = creditsOf(order);
  for (const c of credits) {
    await credit(db, scope, { playerId: order.playerId, currency: c.currency, paid: c.paid, bonus: c.bonus, details: { type: "purchase_credit", orderId: order.id } });
  }
  const deliveredItems: ItemQuantity[] = [];
  if (order.items.length === 0) return { credits, deliveredItems };
  const skus = [...new Set(order.items.map((i) => i.sku))].sort();
  const limits = new Map(
    (await db.select({ sku: items.sku, maxOwned: items.maxOwned }).from(items).where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), inArray(items.sku, skus)))).map(
      (r) => [r.sku, r.maxOwned],
    ),
  );
  for (const sku of skus) {
    const wanted = order.items.filter((i) => i.sku === sku).reduce((sum, i) => sum + i.quantity, 0);
    const added = await addUpToLimit(db, scope, { playerId: order.playerId, sku, wanted, maxOwned: limits.get(sku) ?? null });
    if (added > 0) deliveredItems.push({ sku, quantity: added });
  }
  return { credits, deliveredItems };
}
