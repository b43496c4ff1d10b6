import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games } from "@/db/schema";
import { notFound } from "@/server/lib/errors";

/**
 * Serializes endpoint changes of one game (the 5-endpoint limit, unique URLs) for the rest of the
 * transaction. NO KEY UPDATE does not block the key-share locks that inserts referencing the game take.
 */
export async function lockGameEndpoints(tx: Db, gameId: string): Promise<void> {
  // CONCURRENCY: two creations cannot both see 4 endpoints and both insert a fifth and sixth.
  const rows = await tx.select({ id: games.id }).from(games).where(eq(games.id, gameId)).for("no key update");
  if (rows.length === 0) throw notFound("Game");
}
