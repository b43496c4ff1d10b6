import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { toBalanceView, toLedgerEntryView, type MovementView } from "./wallet-views";

/**
 * The answer a money move gave, rebuilt from its ledger entry: the ledger is append-only and the entry
 * keeps the balance after the move, so the rebuilt answer is the original one.
 */
export async function movementFromEntry(db: Db, scope: GameScope, entryId: string): Promise<MovementView> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, entryId), eq(ledgerEntries.gameId, scope.gameId), eq(ledgerEntries.env, scope.env)))
    .limit(1);
  const row = rows[0];
  if (!row) throw new AppError("INTERNAL_ERROR", `Ledger entry ${entryId} of a stored answer is missing.`);
  return { entry: toLedgerEntryView(row), balance: toBalanceView(row.currency, row.paidAfter, row.bonusAfter) };
}
