import "server-only";
import type { Db } from "@/db/client";
import { AppError } from "@/server/lib/errors";
import type { MovePlayer } from "@/server/money-moves/money-move";
import type { PlayerRef } from "@/server/players/player-ref";
import { findRecord, type StoredAnswer } from "@/server/idempotency/records";
import type { ApiAnswer } from "./api-message";
import type { Authenticated } from "./authenticate";
import { jsonTextAnswer } from "./http";
import type { AnyOperation, MoveContext } from "./operation";

/**
 * The player a money move is for, as the request names them; the move's statement resolves them. A
 * server write's `{player}`: an unknown `ext:` one is created (SPEC convention 6), an unknown id is 404.
 * A client route: the token's player, 401 if gone since the token was checked.
 */
export function movePlayer(operation: AnyOperation, auth: Authenticated, playerRef: PlayerRef | null): MovePlayer {
  if (playerRef) return { ref: playerRef, ifUnknown: operation.player === "create" && playerRef.kind === "external" ? "create" : "not_found" };
  if (auth.playerId) return { ref: { kind: "id", id: auth.playerId }, ifUnknown: "unauthenticated" };
  throw new AppError("INTERNAL_ERROR", `Operation ${operation.id} moves money for no player.`);
}

/** A record that expired between the move's look-up and ours is past: the move then runs once more and writes the key anew. */
const MAX_TRIES = 2;

/**
 * Runs an operation's money move once and answers it: the statement's text, or, when the key has a
 * record, its replay (or 409 for another request). A refusal is thrown as its SPEC error.
 */
export async function answerMove(
  db: Db,
  { move, moveContext, status, replayOf, cors }: {
    move: NonNullable<AnyOperation["move"]>;
    status: number;
    moveContext: MoveContext<unknown>;
    replayOf: (stored: StoredAnswer, key: string) => Promise<ApiAnswer>;
    cors: Record<string, string>;
  },
): Promise<ApiAnswer> {
  const { claim } = moveContext;
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const answer = await move(moveContext);
    if (answer.outcome === "moved") return jsonTextAnswer(status, answer.text, cors);
    const stored = claim && (await findRecord(db, moveContext.scope, claim));
    if (claim && stored) return await replayOf(stored, claim.key);
  }
  throw new AppError("INTERNAL_ERROR", "The money move's key has a record that cannot be read.");
}
