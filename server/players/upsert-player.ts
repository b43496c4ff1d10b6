import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { players } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import { toPlayerView, type PlayerRow, type PlayerView } from "./player-view";

export const DisplayName = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string().min(1, "Must be 1 to 80 characters once trimmed").max(80, "Must be 1 to 80 characters once trimmed"));

export const UpsertPlayerRequest = z.strictObject({
  displayName: DisplayName.nullable().optional(),
  email: z.email("Must be a valid e-mail address").max(254).nullable().optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "Must be two letters")
    .transform((value) => value.toUpperCase())
    .nullable()
    .optional(),
  birthYear: z
    .number()
    .int()
    .min(1900)
    .refine((year) => year <= clock.now().getUTCFullYear(), "Must not be after the current year")
    .nullable()
    .optional(),
});
export type UpsertPlayerRequest = z.infer<typeof UpsertPlayerRequest>;

/** The player the caller resolved or created, and the fields sent for it. */
export type PlayerUpsert = { player: PlayerRow; fields: UpsertPlayerRequest };

/** Updates the fields that were sent (the caller resolved or created the player); a field left out keeps its value. */
export async function upsertPlayer(db: Db, scope: GameScope, { player, fields: input }: PlayerUpsert): Promise<PlayerView> {
  const changes: Partial<typeof players.$inferInsert> = {};
  if (input.displayName !== undefined) changes.displayName = input.displayName;
  if (input.email !== undefined) changes.email = input.email === null ? null : input.email.toLowerCase();
  if (input.country !== undefined) changes.country = input.country;
  if (input.birthYear !== undefined) changes.birthYear = input.birthYear;
  if (Object.keys(changes).length === 0) return toPlayerView(player);
  changes.updatedAt = clock.now();
  const updated = await db
    .update(players)
    .set(changes)
    .where(and(eq(players.id, player.id), eq(players.gameId, scope.gameId), eq(players.env, scope.env)))
    .returning();
  return toPlayerView(updated[0] ?? player);
}
