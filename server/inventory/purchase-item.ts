import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { clock } from "@/server/lib/clock";
import type { ApiMoveRequest } from "@/server/money-moves/money-move";
import { submitMoneyMove, type MoveAnswer } from "@/server/money-moves/submit-move";
import { BalanceSchema, LedgerEntrySchema } from "@/server/wallet/wallet-views";
import { InventoryItemSchema, type ItemQuantityRequest } from "./schemas";

/** The answer to a purchase, defined once (server/api registers it as the Purchase component). */
export const PurchaseSchema = z.object({ entry: LedgerEntrySchema, balance: BalanceSchema, item: InventoryItemSchema });
export type PurchaseView = z.infer<typeof PurchaseSchema>;

/**
 * Buys an item with coins: price × quantity debited and the item added, both or neither. One money
 * move: the statement reads the item's price and limits, refuses an unknown or blocked player, an item
 * that is unknown, not for clients (`clientOnly`) or without a price, too few coins and past `maxOwned`
 * (thrown as their SPEC errors), then locks the balance before the owned-item row and writes both with
 * the request's record.
 */
export function purchaseItem(
  db: Db,
  { scope, settings, player, input, claim, clientOnly }: ApiMoveRequest<ItemQuantityRequest> & { clientOnly: boolean },
): Promise<MoveAnswer> {
  return submitMoneyMove(db, {
    scope,
    player,
    change: { kind: "purchase", sku: input.sku, quantity: input.quantity, clientOnly, bonusFirst: settings.spendOrder === "bonus_first" },
    entry: { type: "spend", reason: null, metadata: {} },
    record: claim,
    at: clock.now(),
  });
}
