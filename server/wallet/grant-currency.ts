import "server-only";
import type { Db } from "@/db/client";
import { requireActiveCurrency } from "@/server/catalog/find-catalog-entries";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRef } from "@/server/players/player-ref";
import type { PlayerRow } from "@/server/players/player-view";
import type { GameScope } from "@/server/lib/scope";
import { clock } from "@/server/lib/clock";
import type { IdempotencyClaim } from "@/server/idempotency/claim";
import type { MoneyMove } from "@/server/money-moves/money-move";
import { moneyMoveAnswer } from "@/server/money-moves/submit-move";
import { credit, type EntryDetails } from "./ledger-moves";
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
 * A grant's happy path, batched like `spendCurrencyBatched`. The balance cap is refused from the
 * statement's outcome; null for a new or blocked player, a first grant of this currency (no balance
 * row yet), or a key used before.
 */
export async function grantCurrencyBatched(
  db: Db,
  scope: GameScope,
  ref: PlayerRef,
  input: CurrencyMovementRequest,
  claim: IdempotencyClaim,
): Promise<string | null> {
  await requireActiveCurrency(db, scope, input.currency);
  const move: MoneyMove = {
    scope,
    player: ref,
    change: { kind: "credit", currency: input.currency, amount: input.amount },
    entry: { type: "grant", reason: input.reason ?? null, metadata: input.metadata ?? {} },
    record: claim,
    at: clock.now(),
  };
  return moneyMoveAnswer(db, move);
}
