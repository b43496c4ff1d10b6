import "server-only";
import type { LedgerEntryType } from "@/db/schema";
import type { IdempotencyClaim } from "@/server/idempotency/claim";
import type { PlayerRef } from "@/server/players/player-ref";
import type { GameScope } from "@/server/lib/scope";

/** What changes: coins taken, coins added (to bonus, after repaying a debt), or an item bought with coins. */
export type MoveChange =
  | { kind: "debit"; currency: string; amount: number; bonusFirst: boolean }
  | { kind: "credit"; currency: string; amount: number }
  | { kind: "purchase"; sku: string; quantity: number; clientOnly: boolean; bonusFirst: boolean };

/** One money move of a batch, with the idempotency record its statement writes alongside. */
export type MoneyMove = {
  scope: GameScope;
  player: PlayerRef;
  change: MoveChange;
  entry: { type: LedgerEntryType; reason: string | null; metadata: Record<string, string> };
  record: IdempotencyClaim;
  at: Date;
};

/** Why the function refused a move (db/functions/money_move_batch.sql lists them with their facts). */
export const REFUSALS = ["player_refused", "item_refused", "no_balance", "insufficient_funds", "over_limit", "over_max_owned", "refused"] as const;
export type Refusal = (typeof REFUSALS)[number];
/** The facts a refusal reports (which depend on the reason). */
export type RefusalFacts = { currency?: string; available?: number; required?: number; current?: number; limit?: number; owned?: number; quantity?: number; maxOwned?: number | null };

/**
 * How one move ended. `moved` carries the answer's JSON text, made by the statement (the record keeps
 * the same text). `refused` changed nothing and names why, with the facts the error needs; `key_used`
 * means the request's key has a record (the caller replays or refuses it).
 */
export type MoveOutcome =
  | { outcome: "key_used" }
  | { outcome: "refused"; reason: Refusal; facts: RefusalFacts }
  | { outcome: "moved"; answer: string };
