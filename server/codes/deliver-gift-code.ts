import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { currencies, items, type CodeGrant, type ItemQuantity } from "@/db/schema";
import { addUpToLimit } from "@/server/inventory/inventory-moves";
import type { GameScope } from "@/server/lib/scope";
import { credit } from "@/server/wallet/ledger-moves";
import { BalanceSchema } from "@/server/wallet/wallet-views";

const RedemptionGrantSchema = z.object({ currency: z.string(), amount: z.int(), balance: BalanceSchema });
export type RedemptionGrantView = z.infer<typeof RedemptionGrantSchema>;
const ItemLineSchema = z.object({ sku: z.string(), quantity: z.int().min(1) });

/**
 * SPEC's Redemption: coins credited to `bonus`, items added, items left out over `maxOwned` (or the 10^15 cap).
 * Defined once (server/api registers it as a component).
 */
export const RedemptionSchema = z.object({
  grants: z.array(RedemptionGrantSchema),
  items: z.array(ItemLineSchema),
  skipped: z.array(ItemLineSchema),
});
export type RedemptionView = z.infer<typeof RedemptionSchema>;

/** What a code can still deliver: lines merged per currency and sku, sorted (the lock order). */
export type GiftContents = {
  grants: CodeGrant[];
  items: (ItemQuantity & { maxOwned: number | null })[];
};

/** Sums quantities per key and sorts by key (the order rows are locked in). */
function mergeSorted(lines: [string, number][]): Map<string, number> {
  const merged = new Map<string, number>();
  for (const [key, n] of lines) merged.set(key, (merged.get(key) ?? 0) + n);
  return new Map([...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

async function activeCurrencyCodes(db: Db, scope: GameScope, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env), eq(currencies.status, "active"), inArray(currencies.code, codes)));
  return new Set(rows.map((r) => r.code));
}

/** Active items by sku, with their `maxOwned`. */
async function activeItemLimits(db: Db, scope: GameScope, skus: string[]): Promise<Map<string, number | null>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: items.sku, maxOwned: items.maxOwned })
    .from(items)
    .where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), eq(items.status, "active"), inArray(items.sku, skus)));
  return new Map(rows.map((r) => [r.sku, r.maxOwned]));
}

export type GiftCodeContents = { grants: CodeGrant[]; lines: ItemQuantity[] };

/**
 * The code's grants and items that are still active in the catalog. A currency or item archived after
 * the code was issued is left out: an archived currency is absent from wallets, so crediting it would
 * hand out coins nobody can see or spend.
 */
export async function deliverableContents(db: Db, scope: GameScope, { grants, lines }: GiftCodeContents): Promise<GiftContents> {
  const coins = mergeSorted(grants.map((g) => [g.currency, g.amount]));
  const wanted = mergeSorted(lines.map((i) => [i.sku, i.quantity]));
  const activeCurrencies = await activeCurrencyCodes(db, scope, [...coins.keys()]);
  const limits = await activeItemLimits(db, scope, [...wanted.keys()]);
  return {
    grants: [...coins].filter(([currency]) => activeCurrencies.has(currency)).map(([currency, amount]) => ({ currency, amount })),
    items: [...wanted].filter(([sku]) => limits.has(sku)).map(([sku, quantity]) => ({ sku, quantity, maxOwned: limits.get(sku) ?? null })),
  };
}

export type GiftDelivery = { playerId: string; contents: GiftContents; reason: string };

/**
 * Credits every grant to `bonus` (one `gift_code` entry per currency) and adds the items, in the
 * caller's transaction. Lock order: balance rows in currency order, then inventory rows in sku order,
 * the same order every other money move uses, so two transactions never wait on each other in a cycle.
 */
export async function deliverGiftContents(db: Db, scope: GameScope, { playerId, contents, reason }: GiftDelivery): Promise<RedemptionView> {
  const redemption: RedemptionView = { grants: [], items: [], skipped: [] };
  for (const grant of contents.grants) {
    // Gift codes never give paid coins (SPEC): a refund must never be able to take these back as paid.
    const movement = await credit(db, scope, { playerId, currency: grant.currency, paid: 0, bonus: grant.amount, details: { type: "gift_code", reason } });
    redemption.grants.push({ currency: grant.currency, amount: grant.amount, balance: movement.balance });
  }
  for (const line of contents.items) {
    const added = await addUpToLimit(db, scope, { playerId, sku: line.sku, wanted: line.quantity, maxOwned: line.maxOwned });
    if (added > 0) redemption.items.push({ sku: line.sku, quantity: added });
    if (added < line.quantity) redemption.skipped.push({ sku: line.sku, quantity: line.quantity - added });
  }
  return redemption;
}
