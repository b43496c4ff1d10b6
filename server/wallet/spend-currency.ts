import "server-only";
import type { Db } from "@/db/client";
import { clock } from "@/server/lib/clock";
import type { ApiMoveRequest } from "@/server/money-moves/money-move";
import { submitMoneyMove, type MoveAnswer } from "@/server/money-moves/submit-move";
import type { CurrencyMovementRequest } from "./schemas";

/**
 * Spends coins, bonus first unless the game spends paid first; all or nothing. One money move: the
 * statement refuses an unknown or blocked player, a currency not in the catalog and too few coins
 * (thrown as their SPEC errors), and writes the entry with the request's record.
 */
export function spendCurrency(db: Db, { scope, settings, player, input, claim }: ApiMoveRequest<CurrencyMovementRequest>): Promise<MoveAnswer> {
  return submitMoneyMove(db, {
    scope,
    player,
    change: { kind: "debit", currency: input.currency, amount: input.amount, bonusFirst: settings.spendOrder === "bonus_first", checkCurrency: true },
    entry: { type: "spend", reason: input.reason ?? null, metadata: input.metadata ?? {} },
    record: claim,
    at: clock.now(),
  });
}
