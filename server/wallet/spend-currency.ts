import "server-only";
import type { SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { GameSettings } from "@/server/games/game-settings";
import { requireActiveCurrency } from "@/server/catalog/find-catalog-entries";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRef } from "@/server/players/player-ref";
import type { PlayerRow } from "@/server/players/player-view";
import type { GameScope } from "@/server/lib/scope";
import { debit, debitInOneStatement, type EntryDetails } from "./ledger-moves";
import type { CurrencyMovementRequest } from "./schemas";
import type { MovementView } from "./wallet-views";

function spendDetails(input: CurrencyMovementRequest): EntryDetails {
  return { type: "spend", reason: input.reason ?? null, metadata: input.metadata ?? {} };
}

export async function spendCurrency(
  db: Db,
  scope: GameScope,
  settings: Pick<GameSettings, "spendOrder">,
  player: PlayerRow,
  input: CurrencyMovementRequest,
): Promise<MovementView> {
  assertNotBlocked(player);
  await requireActiveCurrency(db, scope, input.currency);
  return debit(db, scope, settings, player.id, input.currency, input.amount, spendDetails(input));
}

/**
 * A spend's happy path in one SQL statement, player lookup to ledger entry, with `alsoWrite` (the
 * request's idempotency record) committed by the same statement. Null when anything needs explaining
 * (unknown or blocked player, too few coins); `spendCurrency` then gives the exact answer.
 */
export async function spendCurrencyInOneStatement(
  db: Db,
  scope: GameScope,
  settings: Pick<GameSettings, "spendOrder">,
  ref: PlayerRef,
  input: CurrencyMovementRequest,
  alsoWrite: SQL,
): Promise<MovementView | null> {
  await requireActiveCurrency(db, scope, input.currency);
  return debitInOneStatement(db, scope, settings, ref, input.currency, input.amount, spendDetails(input), alsoWrite);
}
