import "server-only";
import type { Db } from "@/db/client";
import type { GameSettings } from "@/server/games/game-settings";
import { requireActiveCurrency } from "@/server/catalog/find-catalog-entries";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRef } from "@/server/players/player-ref";
import type { PlayerRow } from "@/server/players/player-view";
import type { GameScope } from "@/server/lib/scope";
import { clock } from "@/server/lib/clock";
import type { IdempotencyClaim } from "@/server/idempotency/claim";
import type { MoneyMove } from "@/server/money-moves/money-move";
import { moneyMoveAnswer } from "@/server/money-moves/submit-move";
import { debit, type EntryDetails } from "./ledger-moves";
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
 * A spend's happy path, written with the other money moves of the moment in one statement and one
 * commit (server/money-moves), its idempotency record (`claim`) with it. Too few coins is refused
 * from the statement's outcome (MoveRefused); null for an unknown or blocked player or a key used
 * before, which `spendCurrency` and the replay then answer.
 */
export async function spendCurrencyBatched(
  db: Db,
  scope: GameScope,
  settings: Pick<GameSettings, "spendOrder">,
  ref: PlayerRef,
  input: CurrencyMovementRequest,
  claim: IdempotencyClaim,
): Promise<string | null> {
  await requireActiveCurrency(db, scope, input.currency);
  const move: MoneyMove = {
    scope,
    player: ref,
    change: { kind: "debit", currency: input.currency, amount: input.amount, bonusFirst: settings.spendOrder === "bonus_first" },
    entry: { type: "spend", reason: input.reason ?? null, metadata: input.metadata ?? {} },
    record: claim,
    at: clock.now(),
  };
  return moneyMoveAnswer(db, move);
}
