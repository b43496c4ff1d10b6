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

/**
 * How one move ended. `moved` carries the answer's JSON text, made by the statement (the record keeps
 * the same text). `refused` changed nothing and needs the ordinary path's explanation (unknown or
 * blocked player, no balance row, too few coins, an item that cannot be bought or owned); so does
 * `key_used` (the ordinary path replays, refuses or replaces that record).
 */
export type MoveOutcome = { outcome: "refused" | "key_used" } | { outcome: "moved"; answer: string };
