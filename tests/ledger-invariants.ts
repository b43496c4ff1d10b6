import { asc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/server/db/connection";
import { balances, ledgerEntries } from "@/db/schema";

type Bucket = { paid: number; bonus: number };

function rowKey(playerId: string, currency: string): string {
  return `${playerId}/${currency}`;
}

/**
 * DESIGN "Rules that keep money right": every balance row of the game equals the sum of its ledger
 * entries (paid and bonus separately), and no entry exists without its balance row.
 */
export async function assertLedgerMatchesBalances(gameId: string): Promise<void> {
  const db = await getDb();
  const sums = await db
    .select({
      playerId: ledgerEntries.playerId,
      currency: ledgerEntries.currency,
      paid: sql<string>`coalesce(sum(${ledgerEntries.paidDelta}), 0)::text`,
      bonus: sql<string>`coalesce(sum(${ledgerEntries.bonusDelta}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.gameId, gameId))
    .groupBy(ledgerEntries.playerId, ledgerEntries.currency);
  const rows = await db
    .select({ playerId: balances.playerId, currency: balances.currency, paid: balances.paid, bonus: balances.bonus })
    .from(balances)
    .where(eq(balances.gameId, gameId));

  const fromLedger = new Map<string, Bucket>(sums.map((s) => [rowKey(s.playerId, s.currency), { paid: Number(s.paid), bonus: Number(s.bonus) }]));
  const fromBalances = new Map<string, Bucket>(rows.map((r) => [rowKey(r.playerId, r.currency), { paid: r.paid, bonus: r.bonus }]));

  for (const [key, balance] of fromBalances) {
    expect({ key, ...(fromLedger.get(key) ?? { paid: 0, bonus: 0 }) }).toEqual({ key, ...balance });
  }
  for (const key of fromLedger.keys()) {
    expect(fromBalances.has(key), `ledger entries without a balance row: ${key}`).toBe(true);
  }
}

/**
 * Each entry's `balanceAfter` is the previous entry's plus its own deltas, walking the ledger of one
 * (player, currency) in id order, which SPEC says is creation order and listLedger shows newest first.
 */
export async function assertLedgerChainsConsistent(gameId: string): Promise<void> {
  const db = await getDb();
  const entries = await db
    .select({
      id: ledgerEntries.id,
      playerId: ledgerEntries.playerId,
      currency: ledgerEntries.currency,
      paidDelta: ledgerEntries.paidDelta,
      bonusDelta: ledgerEntries.bonusDelta,
      paidAfter: ledgerEntries.paidAfter,
      bonusAfter: ledgerEntries.bonusAfter,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.gameId, gameId))
    .orderBy(asc(ledgerEntries.id));
  const running = new Map<string, Bucket>();
  for (const entry of entries) {
    const key = rowKey(entry.playerId, entry.currency);
    const before = running.get(key) ?? { paid: 0, bonus: 0 };
    const after = { paid: before.paid + entry.paidDelta, bonus: before.bonus + entry.bonusDelta };
    expect({ id: entry.id, paid: entry.paidAfter, bonus: entry.bonusAfter }).toEqual({ id: entry.id, ...after });
    running.set(key, after);
  }
}
