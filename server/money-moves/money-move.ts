import "server-only";
import type { LedgerEntryType } from "@/db/schema";
import type { IdempotencyClaim } from "@/server/idempotency/claim";
import type { PlayerRef } from "@/server/players/player-ref";
import type { GameScope } from "@/server/lib/scope";

/**
 * What changes: coins taken; coins added (`amount` in all, `paid` of them to the paid bucket, the rest
 * bonus coins that first repay a debt); coins an order delivered taken back (`clawback`); a balance
 * brought back to zero; or an item bought with coins.
 */
export type MoveChange =
  | { kind: "debit"; currency: string; amount: number; bonusFirst: boolean }
  | { kind: "credit"; currency: string; amount: number; paid?: number }
  | { kind: "clawback"; currency: string; paid: number; bonus: number; policy: "allow" | "clamp" }
  | { kind: "zero"; currency: string }
  | { kind: "purchase"; sku: string; quantity: number; clientOnly: boolean; bonusFirst: boolean };

/**
 * One money move, with the idempotency record its statement writes alongside (null for a move inside
 * a caller's transaction). `anyPlayer`: the caller has decided a blocked player may be moved.
 */
export type MoneyMove = {
  scope: GameScope;
  player: PlayerRef;
  anyPlayer?: boolean;
  change: MoveChange;
  entry: { type: LedgerEntryType; reason: string | null; metadata: Record<string, string>; orderId?: string | null; itemSku?: string | null };
  record: IdempotencyClaim | null;
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
 * means the request's key has a record (the caller replays or refuses it); `unchanged`: a balance to
 * bring to zero already was.
 */
export type MoveOutcome =
  | { outcome: "key_used" }
  | { outcome: "unchanged" }
  | { outcome: "refused"; reason: Refusal; facts: RefusalFacts }
  | { outcome: "moved"; answer: string };
