import "server-only";
import { AppError } from "@/server/lib/errors";
import { limitReached } from "@/server/inventory/inventory-moves";
import { MAX_BALANCE } from "@/server/wallet/schemas";
import type { MoneyMove, MoveOutcome } from "./money-move";

/**
 * The SPEC error of a refused move, when the statement's facts are the whole answer: the same status,
 * code, message and details as the checks of server/wallet give. Null when the refusal needs the
 * request's own explanation (an unknown player is created or answered 404, a blocked one 403, an item
 * that cannot be bought, a cost no balance can hold): those checks come first on
 * the ordinary path, which then answers.
 */
export function refusalError(move: MoneyMove, outcome: Extract<MoveOutcome, { outcome: "refused" }>): AppError | null {
  const { reason, facts } = outcome;
  if (reason === "over_max_owned" && facts.owned !== undefined && facts.quantity !== undefined && facts.maxOwned !== undefined) {
    return limitReached(facts.maxOwned, facts.owned, facts.quantity);
  }
  const currency = facts.currency;
  if (currency === undefined) return null;
  const spends = move.change.kind !== "credit";
  if (spends && (reason === "insufficient_funds" || reason === "no_balance")) {
    return new AppError("INSUFFICIENT_FUNDS", `The balance of "${currency}" is too low.`, {
      required: facts.required,
      available: facts.available,
    });
  }
  if (!spends && reason === "over_limit") {
    return new AppError("LIMIT_REACHED", `The balance of "${currency}" would exceed ${MAX_BALANCE}.`, {
      limit: facts.limit,
      current: facts.current,
    });
  }
  return null;
}
