import "server-only";
import type { Db } from "@/db/client";
import type { LedgerEntryType } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import type { GameSettings } from "@/server/games/game-settings";
import type { MoneyMove, MoveChange } from "@/server/money-moves/money-move";
import { refusalError } from "@/server/money-moves/refusal-error";
import { runMoveBatch } from "@/server/money-moves/write-batch";
import { whenCommitted } from "@/server/observability/after-commit";
import { metrics } from "@/server/observability/metrics";
import type { MovementView } from "./wallet-views";

/** What a ledger entry records besides the amounts. */
export type EntryDetails = {
  type: LedgerEntryType;
  reason?: string | null;
  metadata?: Record<string, string>;
  orderId?: string | null;
  itemSku?: string | null;
};

/** Who is moved, how, and what the entry records: one money move of `moveOne`. */
type OneMove = { playerId: string; change: MoveChange; details: EntryDetails };

/**
 * One money move inside the caller's transaction, by the one money function (a batch of one, no
 * idempotency record: the caller's transaction keeps its own). The caller has checked whether the
 * player may be moved (a refund takes back from a blocked player too). The balance row is locked by
 * the statement, so concurrent moves never overdraw; the ledger id is made after the lock. The answer
 * is the function's own text (money_move_answer), the same builder as the API's moves.
 */
async function moveOne(db: Db, scope: GameScope, { playerId, change, details }: OneMove): Promise<MovementView | null> {
  const move: MoneyMove = {
    scope,
    player: { ref: { kind: "id", id: playerId }, ifUnknown: "not_found", anyPlayer: true },
    change,
    entry: { type: details.type, reason: details.reason ?? null, metadata: details.metadata ?? {}, orderId: details.orderId ?? null, itemSku: details.itemSku ?? null },
    record: null,
    at: clock.now(),
  };
  const [outcome] = await runMoveBatch(db, [move]);
  if (!outcome || outcome.outcome === "key_used") throw new AppError("INTERNAL_ERROR", "Balance move returned nothing.");
  if (outcome.outcome === "unchanged") return null;
  if (outcome.outcome === "refused") throw refusalError(move, outcome);
  // Counted once the entry is committed (at once outside a transaction, at COMMIT inside one).
  whenCommitted(() => metrics().ledgerEntries.inc({ type: details.type }));
  return JSON.parse(outcome.answer) as MovementView;
}

/** A debit of one player's balance in one currency. */
export type Debit = { playerId: string; currency: string; amount: number; spendOrder: GameSettings["spendOrder"]; details: EntryDetails };

/** Takes `amount` from the balance, bonus first unless the game spends paid first; all or nothing. */
export async function debit(db: Db, scope: GameScope, { playerId, currency, amount, spendOrder, details }: Debit): Promise<MovementView> {
  const change = { kind: "debit" as const, currency, amount, bonusFirst: spendOrder === "bonus_first" };
  return (await moveOne(db, scope, { playerId, change, details })) as MovementView;
}

/** A credit of one player's balance in one currency, split into its paid and bonus buckets. */
export type Credit = { playerId: string; currency: string; paid: number; bonus: number; details: EntryDetails };

/**
 * Adds coins: `paid` to the paid bucket, `bonus` to the bonus bucket, except that bonus coins first
 * repay what is left of a debt on `paid`. Refused when the total would pass 10^15.
 */
export async function credit(db: Db, scope: GameScope, { playerId, currency, paid, bonus, details }: Credit): Promise<MovementView> {
  const change = { kind: "credit" as const, currency, amount: paid + bonus, paid };
  return (await moveOne(db, scope, { playerId, change, details })) as MovementView;
}

/** Coins an order delivered (`paid` and `bonus`), taken back under the game's negative-balance policy. */
export type Clawback = {
  playerId: string;
  currency: string;
  paid: number;
  bonus: number;
  negativeBalance: GameSettings["negativeBalance"];
  details: EntryDetails;
};

/**
 * Takes back coins an order delivered: `bonus` from the bonus bucket as far as it holds them, the
 * rest from `paid`. With the `allow` policy `paid` may go below zero (a debt repaid by later credits);
 * with `clamp` it stops at zero and the shortfall is forgiven.
 */
export async function clawback(db: Db, scope: GameScope, { playerId, currency, paid, bonus, negativeBalance, details }: Clawback): Promise<MovementView> {
  const change = { kind: "clawback" as const, currency, paid, bonus, policy: negativeBalance };
  return (await moveOne(db, scope, { playerId, change, details })) as MovementView;
}

/** The balance of one player in one currency to bring to zero, and what its entry records. */
export type BalanceZeroing = { playerId: string; currency: string; details: EntryDetails };

/**
 * Brings a balance back to exactly zero in one entry (paid and bonus, a debt included): player-data
 * erasure closes the wallet this way, so the ledger still sums to the balance. Null when the balance
 * is already zero or has no row (nothing is written).
 */
export async function zeroBalance(db: Db, scope: GameScope, { playerId, currency, details }: BalanceZeroing): Promise<MovementView | null> {
  return moveOne(db, scope, { playerId, change: { kind: "zero", currency }, details });
}
