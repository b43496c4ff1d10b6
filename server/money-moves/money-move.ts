import "server-only";
import type { LedgerEntryType } from "@/db/schema";
import type { IdempotencyClaim } from "@/server/idempotency/claim";
import type { PlayerRef } from "@/server/players/player-ref";
import type { GameScope } from "@/server/lib/scope";
import type { GameSettings } from "@/server/games/game-settings";

/**
 * What changes: coins taken; coins added (`amount` in all, `paid` of them to the paid bucket, the rest
 * bonus coins that first repay a debt); coins an order delivered taken back (`clawback`); a balance
 * brought back to zero; or an item bought with coins. `checkCurrency`: the currency must be an active
 * one of the catalog (the API's spends and grants; a refund takes back an archived currency too).
 */
export type MoveChange =
  | { kind: "debit"; currency: string; amount: number; bonusFirst: boolean; checkCurrency?: boolean }
  | { kind: "credit"; currency: string; amount: number; paid?: number; checkCurrency?: boolean }
  | { kind: "clawback"; currency: string; paid: number; bonus: number; policy: "allow" | "clamp" }
  | { kind: "zero"; currency: string }
  | { kind: "purchase"; sku: string; quantity: number; clientOnly: boolean; bonusFirst: boolean };

/**
 * Who a move is for, as the request named them, and what it means when there is no such player: an
 * unknown `ext:` player of a server write is created by the move itself (`create`, SPEC convention 6);
 * a `{player}` that names nobody is 404 (`not_found`); a token whose player is gone is 401
 * (`unauthenticated`). `anyPlayer`: the caller has decided a blocked player may be moved (a refund).
 */
export type MovePlayer = { ref: PlayerRef; ifUnknown: "create" | "not_found" | "unauthenticated"; anyPlayer?: boolean };

/** One money move, with the idempotency record its statement writes alongside (null: none, or a move inside a caller's transaction). */
export type MoneyMove = {
  scope: GameScope;
  player: MovePlayer;
  change: MoveChange;
  entry: { type: LedgerEntryType; reason: string | null; metadata: Record<string, string>; orderId?: string | null; itemSku?: string | null };
  record: IdempotencyClaim | null;
  at: Date;
};

/** Why the function refused a move, in the order its checks run (db/functions/money_move_batch.sql lists them with their facts). */
export const REFUSALS = [
  "player_unknown",
  "player_blocked",
  "currency_unknown",
  "item_unknown",
  "item_forbidden",
  "item_unpriced",
  "no_balance",
  "insufficient_funds",
  "over_limit",
  "over_max_owned",
  "refused",
] as const;
export type Refusal = (typeof REFUSALS)[number];
/** The facts a refusal reports (which depend on the reason); `required` past 2^53 is a decimal string. */
export type RefusalFacts = {
  currency?: string;
  available?: number;
  required?: number | string;
  current?: number;
  limit?: number;
  owned?: number;
  quantity?: number;
  maxOwned?: number | null;
};

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

/**
 * An API spend, grant or purchase as its domain function takes it: the validated input, the player as
 * the request named them (the move resolves them), the game's spend order, and the idempotency record
 * to write with the move (null when the request sent no key).
 */
export type ApiMoveRequest<TInput> = {
  scope: GameScope;
  settings: Pick<GameSettings, "spendOrder">;
  player: MovePlayer;
  input: TInput;
  claim: IdempotencyClaim | null;
};
