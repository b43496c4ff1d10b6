import "server-only";
import type { SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { requireActiveCurrency } from "@/server/catalog/find-catalog-entries";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRef } from "@/server/players/player-ref";
import type { PlayerRow } from "@/server/players/player-view";
import type { GameScope } from "@/server/lib/scope";
import { credit, creditInOneStatement, type EntryDetails } from "./ledger-moves";
import type { CurrencyMovementRequest } from "./schemas";
import type { MovementView } from "./wallet-views";

function grantDetails(input: CurrencyMovementRequest): EntryDetails {
  return { type: "grant", reason: input.reason ?? null, metadata: input.metadata ?? {} };
}

/** A grant always credits `bonus` (after repaying any debt). */
export async function grantCurrency(db: Db, scope: GameScope, player: PlayerRow, input: CurrencyMovementRequest): Promise<MovementView> {
  assertNotBlocked(player);
  await requireActiveCurrency(db, scope, input.currency);
  return credit(db, scope, player.id, input.currency, { paid: 0, bonus: input.amount }, grantDetails(input));
}

/**
 * A grant's happy path in one SQL statement with `alsoWrite`, like `spendCurrencyInOneStatement`.
 * Null for a new or blocked player, a first grant of this currency, or the balance cap.
 */
export async function grantCurrencyInOneStatement(
  db: Db,
  scope: GameScope,
  ref: PlayerRef,
  input: CurrencyMovementRequest,
  alsoWrite: SQL,
): Promise<MovementView | null> {
  await requireActiveCurrency(db, scope, input.currency);
  return creditInOneStatement(db, scope, ref, input.currency, { paid: 0, bonus: input.amount }, grantDetails(input), alsoWrite);
}
