import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { playerOfScope } from "./get-player-detail";
import { toPlayerAdminView, type PlayerAdminView } from "./player-admin-view";
import { upsertPlayer, UpsertPlayerRequest } from "./upsert-player";
import { findPlayer } from "./find-player";
import { AppError } from "@/server/lib/errors";

/** What support may correct: the API's own rules for these fields (one definition, in upsert-player.ts). */
export const PlayerProfileInput = UpsertPlayerRequest.pick({ displayName: true, country: true });
export type PlayerProfileInput = z.infer<typeof PlayerProfileInput>;

export type ProfileFields = Pick<PlayerAdminView, "displayName" | "country">;

/** Which player, and the profile fields support corrects. */
export type ProfileCorrection = { playerId: string; profile: PlayerProfileInput };

/** Support's correction of a player's name or country, through the same write as PUT /players/{ref}. */
export async function updatePlayerProfile(
  db: Db,
  scope: GameScope,
  { playerId, profile }: ProfileCorrection,
): Promise<{ before: ProfileFields; after: ProfileFields; player: PlayerAdminView }> {
  const before = await playerOfScope(db, scope, playerId);
  await upsertPlayer(db, scope, { player: before, fields: profile });
  const after = await findPlayer(db, scope, { kind: "id", id: before.id });
  if (!after) throw new AppError("INTERNAL_ERROR", "The player could not be read back.");
  const pick = (p: { displayName: string | null; country: string | null }): ProfileFields => ({ displayName: p.displayName, country: p.country });
  return { before: pick(before), after: pick(after), player: toPlayerAdminView(after) };
}
