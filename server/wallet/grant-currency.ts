import type { Db } from "@/db/client";
import { requireActiveCurrency } from "@/server/catalog/find-catalog-entries";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRow } from "@/server/players/player-view";
import type { GameScope } from "@/server/lib/scope";
import { credit } from "./ledger-moves";
import type { CurrencyMovementRequest } from "./schemas";
import type { MovementView } from "./wallet-views";

/** A grant always credits `bonus` (after repaying any debt). */
export async function grantCurrency(db: Db, scope: GameScope, player: PlayerRow, input: CurrencyMovementRequest): Promise<MovementView> {
  assertNotBlocked(player);
  await requireActiveCurrency(db, scope.gameId, input.currency);
  return credit(db, scope, player.id, input.currency, { paid: 0, bonus: input.amount }, {
    type: "grant",
    reason: input.reason ?? null,
    metadata: input.metadata ?? {},
  });
}
