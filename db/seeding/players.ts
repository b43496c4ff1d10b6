import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { players, type Environment } from "../schema";
import type { FixtureEnvironment, FixturePlayer } from "../fixture-schema";
import type { Problems } from "../fixture-issues";
import { newId } from "@/server/lib/ids";
import { upsertChanges } from "./sql";

type PlayerFields = Partial<Pick<typeof players.$inferInsert, "displayName" | "country" | "blocked">>;

/** Only the fields the file gives: like SPEC upsertPlayer, a field left out keeps its value. */
function givenFields(player: FixturePlayer): PlayerFields {
  const fields: PlayerFields = {};
  if (player.displayName !== undefined) fields.displayName = player.displayName;
  if (player.country !== undefined) fields.country = player.country;
  if (player.blocked !== undefined) fields.blocked = player.blocked;
  return fields;
}

/**
 * `ext:` players are created or updated; a service id must name an existing player of this game and
 * environment (SPEC: an unknown service id is a 404 everywhere, so a file cannot invent one).
 */
export async function upsertPlayers(
  tx: Db,
  gameId: string,
  env: Environment,
  list: FixtureEnvironment["players"],
  path: readonly (string | number)[],
  now: Date,
  problems: Problems,
): Promise<void> {
  for (const [index, player] of list.entries()) {
    const fields = givenFields(player);
    const keys = Object.keys(fields) as (keyof PlayerFields)[];
    if (player.ref.type === "external") {
      const insert = tx.insert(players).values({
        id: newId(),
        gameId,
        env,
        externalId: player.ref.externalId,
        kind: "external",
        ...fields,
        createdAt: now,
        updatedAt: now,
      });
      const target = [players.gameId, players.env, players.externalId];
      if (keys.length === 0) await insert.onConflictDoNothing({ target });
      else await insert.onConflictDoUpdate({ target, ...upsertChanges(players, keys, "updatedAt") });
      continue;
    }
    const where = and(eq(players.id, player.ref.id), eq(players.gameId, gameId), eq(players.env, env));
    const [current] = await tx.select().from(players).where(where);
    if (!current) {
      problems.add([...path, index, "ref"], "no player with this id in this game and environment");
      continue;
    }
    if (keys.some((key) => current[key] !== fields[key])) {
      await tx.update(players).set({ ...fields, updatedAt: now }).where(where);
    }
  }
}
