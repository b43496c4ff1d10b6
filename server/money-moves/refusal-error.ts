import "server-only";
import { AppError, notFound } from "@/server/lib/errors";
import { limitReached } from "@/server/inventory/inventory-moves";
import { MAX_BALANCE } from "@/server/wallet/schemas";
import type { MoneyMove, MoveOutcome } from "./money-move";

/** The token's player is gone: the same answer authentication gives a token it cannot use. */
const TOKEN_PLAYER_GONE = "The player token is missing, invalid or expired; get a new token.";

function unknownPlayerError(move: MoneyMove): AppError {
  return move.player.ifUnknown === "unauthenticated" ? new AppError("UNAUTHENTICATED", TOKEN_PLAYER_GONE) : notFound("Player");
}

function tooLow(currency: string, facts: { required?: number | string; available?: number }): AppError {
  return new AppError("INSUFFICIENT_FUNDS", `The balance of "${currency}" is too low.`, { required: facts.required, available: facts.available });
}

/**
 * The SPEC error of a refused move: the same status, code, message and details for every refusal the
 * function names (db/functions/money_move_batch.sql), so a refusal is answered from the statement that
 * made it and nothing runs a second time. An outcome this release does not know is a bug: 500.
 */
export function refusalError(move: MoneyMove, outcome: Extract<MoveOutcome, { outcome: "refused" }>): AppError {
  const { reason, facts } = outcome;
  const { change } = move;
  const sku = change.kind === "purchase" ? change.sku : "";
  const currency = facts.currency ?? (change.kind === "purchase" ? "" : change.currency);
  switch (reason) {
    case "player_unknown":
      return unknownPlayerError(move);
    case "player_blocked":
      return new AppError("PLAYER_BLOCKED", "This player is blocked.");
    case "currency_unknown":
      return notFound(`Currency "${currency}"`);
    case "item_unknown":
      return notFound(`Item "${sku}"`);
    case "item_forbidden":
      return new AppError("FORBIDDEN", `Item "${sku}" cannot be bought from the client.`);
    case "item_unpriced":
      return new AppError("CONFLICT", `Item "${sku}" has no currency price.`);
    case "no_balance":
    case "insufficient_funds":
      return tooLow(currency, facts);
    case "over_limit":
      return new AppError("LIMIT_REACHED", `The balance of "${currency}" would exceed ${MAX_BALANCE}.`, { limit: facts.limit, current: facts.current });
    case "over_max_owned":
      return limitReached(facts.maxOwned ?? null, facts.owned ?? 0, facts.quantity ?? 0);
    case "refused":
      return new AppError("INTERNAL_ERROR", "The money move was refused for a reason this release does not know.");
  }
}
