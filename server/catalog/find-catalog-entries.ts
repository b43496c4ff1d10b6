import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, items } from "@/db/schema";
import { notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { sharedCache } from "@/server/lib/ttl-cache";

export type ItemRow = typeof items.$inferSelect;

/**
 * Active currency codes are read on every wallet move; a short per-game-and-environment cache saves that round trip.
 * A status change made in this process applies at once (forgetActiveCurrencies); elsewhere within 5 s.
 */
const activeCurrencyCache = sharedCache<Set<string>>("active-currencies", 5_000);

function cacheKey(scope: GameScope): string {
  return `${scope.gameId}:${scope.env}`;
}

function activeCurrencyCodes(db: Db, scope: GameScope): Promise<Set<string>> {
  return activeCurrencyCache.get(cacheKey(scope), async () => {
    const rows = await db
      .select({ code: currencies.code })
      .from(currencies)
      .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env), eq(currencies.status, "active")));
    return new Set(rows.map((r) => r.code));
  });
}

export function forgetActiveCurrencies(): void {
  activeCurrencyCache.clear();
}

/** An active currency of the game's catalog; draft and archived ones are not in the catalog. */
export async function requireActiveCurrency(db: Db, scope: GameScope, code: string): Promise<void> {
  let codes = await activeCurrencyCodes(db, scope);
  if (!codes.has(code)) {
    // A currency created a moment ago must not be refused because of the cache.
    activeCurrencyCache.delete(cacheKey(scope));
    codes = await activeCurrencyCodes(db, scope);
  }
  if (!codes.has(code)) throw notFound(`Currency "${code}"`);
}

export async function requireActiveItem(db: Db, scope: GameScope, sku: string): Promise<ItemRow> {
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), eq(items.sku, sku), eq(items.status, "active")))
    .limit(1);
  const item = rows[0];
  if (!item) throw notFound(`Item "${sku}"`);
  return item;
}
