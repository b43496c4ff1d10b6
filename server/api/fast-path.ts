import "server-only";
import type { Db } from "@/db/client";
import { AppError } from "@/server/lib/errors";
import type { PlayerRef } from "@/server/players/player-ref";
import type { Authenticated } from "./authenticate";
import type { IdempotencyClaim } from "@/server/idempotency/claim";
import { EmptyQuery, type AnyOperation, type OperationResult } from "./operation";
import { parsePlayerRefSegment } from "./player-ref-param";
import { unstorableValueErrors } from "./unstorable-values";

/** The `{player}` of a server route, or the token's player of a client route; null for any other route. */
function fastPathPlayer(auth: Authenticated, rawParams: Record<string, string>): PlayerRef | null {
  const names = Object.keys(rawParams);
  if (names.length === 1 && rawParams.player !== undefined) return parsePlayerRefSegment(rawParams.player);
  if (names.length === 0 && auth.player) return { kind: "id", id: auth.player.id };
  return null;
}

/**
 * Runs an operation's fast path when the request is plainly valid: a batched money move with no
 * look-up of the key first. Anything else gives null and the ordinary path runs, with the same order
 * of checks as always: a malformed request, a refusal, or a key used before (the move is skipped, so
 * nothing of it stays) are all answered there.
 */
export async function tryFastPath(
  db: Db,
  operation: AnyOperation,
  auth: Authenticated,
  request: { rawParams: Record<string, string>; searchParams: URLSearchParams; body: unknown },
  claim: IdempotencyClaim,
): Promise<OperationResult | null> {
  const { fastPath } = operation;
  if (!fastPath || !operation.body) return null;
  const playerRef = fastPathPlayer(auth, request.rawParams);
  const { body } = request;
  if (!playerRef || body === null || typeof body !== "object" || Array.isArray(body)) return null;
  if (Object.keys(unstorableValueErrors(body)).length > 0) return null;
  const parsedBody = operation.body.safeParse(body);
  const parsedQuery = (operation.query ?? EmptyQuery).safeParse(Object.fromEntries(request.searchParams));
  if (!parsedBody.success || !parsedQuery.success) return null;
  const context = {
    db,
    scope: auth.scope,
    settings: auth.identity.settings,
    body: parsedBody.data,
    playerRef,
    claim,
  };
  try {
    return await fastPath(context);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
