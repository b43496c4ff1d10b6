import "server-only";
import type { Db } from "@/db/client";
import { clock } from "@/server/lib/clock";
import type { ApiMoveRequest } from "@/server/money-moves/money-move";
import { submitMoneyMove, type MoveAnswer } from "@/server/money-moves/submit-move";
import type { CurrencyMovementRequest } from "./schemas";

/**
 * A grant always credits `bonus` (after repaying any debt). One money move: the statement refuses an
 * unknown or blocked player, a currency not in the catalog and a balance past 10^15, and writes the
 * entry with the request's record.
 */
export function grantCurrency(db: Db, { scope, player, input, claim }: Omit<ApiMoveRequest<CurrencyMovementRequest>, "settings">): Promise<MoveAnswer> {
  return submitMoneyMove(db, {
    scope,
    player,
    change: { kind: "credit", currency: input.currency, amount: input.amount, checkCurrency: true },
    entry: { type: "grant", reason: input.reason ?? null, metadata: input.metadata ?? {} },
    record: claim,
    at: clock.now(),
  });
}
