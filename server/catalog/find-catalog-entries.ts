import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, items } from "@/db/schema";
import { notFound } from "@/server/lib/errors";
import { sharedCache } from "@/server/lib/ttl-cache";

export type ItemRow = typeof items.$inferSelect;

/**
 * Active currency codes are read on every wallet move; a short per-game cache saves that round trip.
 * A status change made in this process applies at once (forgetActiveCurrencies); elsewhere within 5 s.
 */
const activeCurrencyCache = sharedCache<Set<string>>("active-currencies", 5_000);

function activeCurrencyCodes(db: Db, gameId: string): Promise<Set<string>> {
  return activeCurrencyCache.get(gameId, async () => {
    const rows = await db
      .select({ code: currencies.code })
      .from(currencies)
      .where(and(eq(currencies.gameId, gameId), eq(currencies.status, "active")));
    return new Set(rows.map((r) => r.code));
  });
}

export function forgetActiveCurrencies(): void {
  activeCurrencyCache.clear();
}

/** An active currency of the game's catalog; draft and archived ones are not in the catalog. */
export async function requireActiveCurrency(db: Db, gameId: string, code: string): Promise<void> {
  let codes = await activeCurrencyCodes(db, gameId);
  if (!codes.has(code)) {
    // A currency created a moment ago must not be refused because of the cache.
    activeCurrencyCache.delete(gameId);
    codes = await activeCurrencyCodes(db, gameId);
  }
  if (!codes.has(code)) throw notFound(`Currency "${code}"`);
}

export async function requireActiveItem(db: Db, gameId: string, sku: string): Promise<ItemRow> {
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.gameId, gameId), eq(items.sku, sku), eq(items.status, "active")))
    .limit(1);
  const item = rows[0];
  if (!item) throw notFound(`Item "${sku}"`);
  return item;
}
