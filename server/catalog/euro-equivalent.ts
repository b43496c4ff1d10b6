import "server-only";
import { and, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { items, packs, type PackGrant } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";

/**
 * The euro price of coin-priced items (CPC common position on virtual currencies, 2025: show the real
 * money a virtual price stands for). The rule, in docs/compliance.md: a currency's euro value per coin
 * is that of its cheapest pack on sale now that sells only that currency (one grant, no items, a real
 * price), counting the paid coins only, never the bonus; an item's equivalent is its coin price at that
 * rate, rounded half up to the cent. A currency no such pack sells has no equivalent (none is shown).
 */
export type CoinRate = { priceCents: number; coins: number };

/** The cheapest euro-per-coin rate of each currency, from the scope's packs on sale at `now`. */
export async function coinRates(db: Db, scope: GameScope, now: Date): Promise<Map<string, CoinRate>> {
  const rows = await db
    .select({ priceCents: packs.priceCents, grants: packs.grants, items: packs.items })
    .from(packs)
    .where(
      and(
        eq(packs.gameId, scope.gameId),
        eq(packs.env, scope.env),
        eq(packs.status, "active"),
        gt(packs.priceCents, 0),
        or(isNull(packs.startsAt), lte(packs.startsAt, now)),
        or(isNull(packs.endsAt), gt(packs.endsAt, now)),
      ),
    );
  const rates = new Map<string, CoinRate>();
  for (const pack of rows) {
    const grant = singleCurrencyGrant(pack.grants, pack.items.length);
    if (!grant) continue;
    const rate = { priceCents: pack.priceCents, coins: grant.amount };
    const best = rates.get(grant.currency);
    // a/b < c/d without division: a·d < c·b (exact in integers).
    if (!best || BigInt(rate.priceCents) * BigInt(best.coins) < BigInt(best.priceCents) * BigInt(rate.coins)) rates.set(grant.currency, rate);
  }
  return rates;
}

function singleCurrencyGrant(grants: PackGrant[], itemCount: number): PackGrant | null {
  const [only, ...others] = grants;
  if (!only || others.length > 0 || itemCount > 0 || only.amount <= 0) return null;
  return only;
}

/** `coins` at `rate`, in euro cents rounded half up (integers only: a price may be up to 10^15 coins). */
export function euroCentsOf(coins: number, rate: CoinRate): number {
  const doubled = 2n * BigInt(coins) * BigInt(rate.priceCents) + BigInt(rate.coins);
  return Number(doubled / (2n * BigInt(rate.coins)));
}

/** Each of `skus` that has a coin price and a rate for its currency: its unit price in euro cents. */
export async function itemEuroEquivalents(db: Db, scope: GameScope, { skus, now }: { skus: string[]; now: Date }): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const [rates, priced] = await Promise.all([
    coinRates(db, scope, now),
    db
      .select({ sku: items.sku, currency: items.priceCurrency, amount: items.priceAmount })
      .from(items)
      .where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), inArray(items.sku, skus))),
  ]);
  const equivalents = new Map<string, number>();
  for (const item of priced) {
    const rate = item.currency ? rates.get(item.currency) : undefined;
    if (rate && item.amount !== null && item.amount > 0) equivalents.set(item.sku, euroCentsOf(item.amount, rate));
  }
  return equivalents;
}
