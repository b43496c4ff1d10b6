import "server-only";
import { and, asc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { emailCodes } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import type { PlayerRow } from "../player-view";

/**
 * The e-mail codes that are about this player: those it asked for to link an address, and those sent to
 * one of its addresses (sign-in). Each holds an address, so the export shows them and erasure deletes them.
 */
export function playerEmailCodesWhere(scope: GameScope, player: PlayerRow): SQL {
  const addresses = [player.email, player.linkedEmail].filter((a): a is string => a !== null);
  const about = addresses.length > 0 ? or(eq(emailCodes.playerId, player.id), inArray(emailCodes.email, addresses)) : eq(emailCodes.playerId, player.id);
  return and(eq(emailCodes.gameId, scope.gameId), eq(emailCodes.env, scope.env), about) as SQL;
}

export function playerEmailCodes(db: Db, scope: GameScope, player: PlayerRow) {
  return db.select().from(emailCodes).where(playerEmailCodesWhere(scope, player)).orderBy(asc(emailCodes.createdAt), asc(emailCodes.id));
}
