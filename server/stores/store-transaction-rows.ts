import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { storeTransactions, type StoreName } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";

export type StoreTransactionRow = typeof storeTransactions.$inferSelect;
export type StoreTransactionKey = { store: StoreName; transactionId: string };

export function sameStoreTransaction(scope: GameScope, key: StoreTransactionKey) {
  return and(
    eq(storeTransactions.gameId, scope.gameId),
    eq(storeTransactions.env, scope.env),
    eq(storeTransactions.store, key.store),
    eq(storeTransactions.transactionId, key.transactionId),
  );
}

/** The transaction's row, locked for the caller's transaction; null when Gamecoin never saw it. */
export async function lockStoreTransaction(db: Db, scope: GameScope, key: StoreTransactionKey): Promise<StoreTransactionRow | null> {
  const rows = await db.select().from(storeTransactions).where(sameStoreTransaction(scope, key)).for("update");
  return rows[0] ?? null;
}

/**
 * Inserts the row unless one exists. CONCURRENCY: on the primary key, a second insert waits for the
 * first one's transaction and then finds the row taken: one store transaction, one row, ever.
 */
export async function insertStoreTransaction(db: Db, row: typeof storeTransactions.$inferInsert): Promise<StoreTransactionRow | null> {
  const inserted = await db.insert(storeTransactions).values(row).onConflictDoNothing().returning();
  return inserted[0] ?? null;
}

/** The transaction's row as it is now (no lock), or null. */
export async function findStoreTransaction(db: Db, scope: GameScope, key: StoreTransactionKey): Promise<StoreTransactionRow | null> {
  const rows = await db.select().from(storeTransactions).where(sameStoreTransaction(scope, key)).limit(1);
  return rows[0] ?? null;
}
