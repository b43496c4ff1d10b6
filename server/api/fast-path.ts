import "server-only";
import type { Db } from "@/db/client";
import type { IdempotencyClaim } from "@/server/idempotency/claim";
import { AppError } from "@/server/lib/errors";
import { MoveRefused } from "@/server/money-moves/submit-move";
import type { PlayerRef } from "@/server/players/player-ref";
import type { Authenticated } from "./authenticate";
import type { AnyOperation } from "./operation";

/** The `{player}` of a server route, or the token's player of a client route; null for any other route. */
function fastPathPlayer(auth: Authenticated, rawParams: Record<string, string>, playerRef: PlayerRef | null): PlayerRef | null {
  const names = Object.keys(rawParams);
  if (names.length === 1 && rawParams.player !== undefined) return playerRef;
  if (names.length === 0 && auth.playerId) return { kind: "id", id: auth.playerId };
  return null;
}

/**
 * Runs an operation's fast path for a request already validated: a batched money move with no
 * look-up of the key first; its answer's JSON text. A refusal the statement explained in full (too
 * few coins, past the cap) is thrown as its SPEC error. Anything else gives null and the ordinary path
 * runs, with the same order of checks as always: a key used before (the move is skipped, so nothing
 * of it stays) and the refusals that need the request's explanation are answered there.
 */
export async function tryFastPath(
  db: Db,
  operation: AnyOperation,
  auth: Authenticated,
  request: { rawParams: Record<string, string>; playerRef: PlayerRef | null; body: unknown },
  claim: IdempotencyClaim,
): Promise<string | null> {
  const { fastPath } = operation;
  const playerRef = fastPathPlayer(auth, request.rawParams, request.playerRef);
  if (!fastPath || !playerRef) return null;
  const context = { db, scope: auth.scope, settings: auth.identity.settings, body: request.body, playerRef, claim };
  try {
    return await fastPath(context);
  } catch (error) {
    // Explained by the move's own statement: answered as it is, with no second run of the move.
    if (error instanceof MoveRefused) throw error.error;
    if (error instanceof AppError) return null;
    throw error;
  }
}
