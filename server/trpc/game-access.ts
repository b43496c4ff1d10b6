import "server-only";
import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { environments, games } from "@/db/schema";
import type { StaffIdentity } from "@/server/auth/staff-identity";
import type { GameScope } from "@/server/lib/scope";

/** Every game-level procedure names its game and environment. */
export const GameInput = z.object({ gameId: z.string().min(1), env: z.enum(environments) });
export type GameInput = z.infer<typeof GameInput>;

/** The scope of a game of the staff member's own studio (another studio's game is "not found"). */
export async function scopeForStaff(db: Db, staff: StaffIdentity, input: GameInput): Promise<GameScope> {
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.id, input.gameId), eq(games.studioId, staff.studioId)))
    .limit(1);
  if (!rows[0]) throw new TRPCError({ code: "NOT_FOUND", message: "Game not found." });
  return { gameId: input.gameId, env: input.env };
}
