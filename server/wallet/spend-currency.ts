import type { Db } from "@/db/client";
import type { GameSettings } from "@/server/keys/authenticate-key";
import { requireActiveCurrency } from "@/server/catalog/find-catalog-entries";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRow } from "@/server/players/player-view";
import type { GameScope } from "@/server/lib/scope";
import { debit } from "./ledger-moves";
import type { CurrencyMovementRequest } from "./schemas";
import type { MovementView } from "./wallet-views";

export async function spendCurrency(
  db: Db,
  scope: GameScope,
  settings: Pick<GameSettings, "spendOrder">,
  player: PlayerRow,
  input: CurrencyMovementRequest,
): Promise<MovementView> {
  assertNotBlocked(player);
  await requireActiveCurrency(db, scope.gameId, input.currency);
  return debit(db, scope, settings, player.id, input.currency, input.amount, {
    type: "spend",
    reason: input.reason ?? null,
    metadata: input.metadata ?? {},
  });
}
