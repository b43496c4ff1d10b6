import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { GameSettings } from "@/server/games/game-settings";
import { requireActiveItem } from "@/server/catalog/find-catalog-entries";
import { AppError } from "@/server/lib/errors";
import { assertNotBlocked } from "@/server/players/find-player";
import type { PlayerRow } from "@/server/players/player-view";
import type { GameScope } from "@/server/lib/scope";
import { clock } from "@/server/lib/clock";
import type { IdempotencyClaim } from "@/server/idempotency/claim";
import type { MoneyMove } from "@/server/money-moves/money-move";
import { moneyMoveAnswer } from "@/server/money-moves/submit-move";
import type { PlayerRef } from "@/server/players/player-ref";
import { debit, spendable } from "@/server/wallet/ledger-moves";
import { getBalances } from "@/server/wallet/get-wallet";
import { BalanceSchema, LedgerEntrySchema } from "@/server/wallet/wallet-views";
import { MAX_BALANCE } from "@/server/wallet/schemas";
import { addItem } from "./inventory-moves";
import { InventoryItemSchema, type ItemQuantityRequest } from "./schemas";

/** The answer to a purchase, defined once (server/api registers it as the Purchase component). */
export const PurchaseSchema = z.object({ entry: LedgerEntrySchema, balance: BalanceSchema, item: InventoryItemSchema });
export type PurchaseView = z.infer<typeof PurchaseSchema>;

/** A JSON number when it is exact; price × quantity can reach 10^24, which only a decimal string holds exactly. */
function exactInteger(value: bigint): number | string {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

/**
 * Buys an item with coins: price × quantity is debited and the item added, in the caller's
 * transaction, so either both happen or neither.
 */
export async function purchaseItem(
  db: Db,
  scope: GameScope,
  settings: Pick<GameSettings, "spendOrder">,
  player: PlayerRow,
  input: ItemQuantityRequest,
  options: { clientOnly: boolean } = { clientOnly: false },
): Promise<PurchaseView> {
  assertNotBlocked(player);
  const item = await requireActiveItem(db, scope, input.sku);
  if (options.clientOnly && !item.clientPurchasable) throw new AppError("FORBIDDEN", `Item "${item.sku}" cannot be bought from the client.`);
  if (item.priceCurrency === null || item.priceAmount === null) throw new AppError("CONFLICT", `Item "${item.sku}" has no currency price.`);
  const cost = BigInt(item.priceAmount) * BigInt(input.quantity);
  if (cost > BigInt(MAX_BALANCE)) {
    // No balance can hold this much; answer as the debit would without touching the row.
    const balances = await getBalances(db, scope, player.id);
    const current = balances.find((b) => b.currency === item.priceCurrency);
    throw new AppError("INSUFFICIENT_FUNDS", `The balance of "${item.priceCurrency}" is too low.`, {
      required: exactInteger(cost),
      available: spendable(current ?? null),
    });
  }
  // CONCURRENCY: every transaction locks balance rows before inventory rows, so two never wait on each other in a cycle.
  const movement = await debit(db, scope, settings, player.id, item.priceCurrency, Number(cost), { type: "spend", itemSku: item.sku });
  const added = await addItem(db, scope, player.id, item.sku, input.quantity, item.maxOwned);
  return { ...movement, item: added };
}

/**
 * A purchase's happy path as a batched money move (server/money-moves): the item's price and limits
 * are read, the balance then the owned-item row locked, the coins debited and the item added by the
 * batch's statement, the idempotency record (`claim`) with them; the answer's JSON text. Too few
 * coins and past `maxOwned` are refused from the statement's outcome; null for an unknown or blocked
 * player, an item that cannot be bought, or a key used before, which `purchaseItem` then answers.
 */
export async function purchaseItemBatched(
  db: Db,
  scope: GameScope,
  settings: Pick<GameSettings, "spendOrder">,
  ref: PlayerRef,
  input: ItemQuantityRequest,
  claim: IdempotencyClaim,
  options: { clientOnly: boolean } = { clientOnly: false },
): Promise<string | null> {
  const move: MoneyMove = {
    scope,
    player: ref,
    change: { kind: "purchase", sku: input.sku, quantity: input.quantity, clientOnly: options.clientOnly, bonusFirst: settings.spendOrder === "bonus_first" },
    entry: { type: "spend", reason: null, metadata: {} },
    record: claim,
    at: clock.now(),
  };
  return moneyMoveAnswer(db, move);
}
