import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { players } from "@/db/schema";
import type { GameSettings } from "@/server/games/game-settings";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import { consume, rateLimitedError, type LimitRule } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { issuePlayerToken } from "./issue-player-token";
import { newPlayerSecret } from "./player-secret";
import { PlayerSchema, toPlayerView } from "./player-view";
import { DisplayName } from "./upsert-player";

export const CreateAnonymousPlayerRequest = z.strictObject({
  displayName: DisplayName.optional(),
});
export type CreateAnonymousPlayerRequest = z.infer<typeof CreateAnonymousPlayerRequest>;

/** SPEC Limits: 30 creations per hour per IP (keyed on the IP alone, across games). */
export const anonymousPlayerLimit: LimitRule = { name: "anonymous-player-ip", points: 30, durationSeconds: 60 * 60 };

/** SPEC AnonymousPlayer; `playerSecret` appears in this answer only. Defined once (server/api registers it as a component). */
export const AnonymousPlayerSchema = z.object({ player: PlayerSchema, playerSecret: z.string(), token: z.string(), expiresAt: z.iso.datetime() });
export type AnonymousPlayer = z.infer<typeof AnonymousPlayerSchema>;

/** The request, the game's setting that allows it, and the caller's address (the rate limit's key; null: not limited). */
export type AnonymousPlayerCreation = {
  request: CreateAnonymousPlayerRequest;
  settings: Pick<GameSettings, "anonymousPlayers">;
  clientIp: string | null;
};

/**
 * A new `hosted` player with its secret and a first token. Every call creates a player. The settings
 * check comes before the rate limit so a disabled game does not use up the caller's allowance.
 */
export async function createAnonymousPlayer(
  db: Db,
  scope: GameScope,
  { request: input, settings, clientIp }: AnonymousPlayerCreation,
): Promise<AnonymousPlayer> {
  if (!settings.anonymousPlayers) throw new AppError("FORBIDDEN", "This game does not allow anonymous players.");
  if (clientIp) {
    const outcome = await consume(anonymousPlayerLimit, clientIp);
    if (!outcome.allowed) throw rateLimitedError(outcome, "Too many players created from this address; retry later.");
  }
  const { secret, secretHash } = await newPlayerSecret();
  const now = clock.now();
  const inserted = await db
    .insert(players)
    .values({
      id: newId(),
      gameId: scope.gameId,
      env: scope.env,
      externalId: null,
      kind: "hosted",
      displayName: input.displayName ?? null,
      secretHash,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const row = inserted[0];
  if (!row) throw new AppError("INTERNAL_ERROR", "Player could not be created.");
  const token = await issuePlayerToken(db, scope, row);
  return { player: toPlayerView(row), playerSecret: secret, token: token.token, expiresAt: token.expiresAt };
}
