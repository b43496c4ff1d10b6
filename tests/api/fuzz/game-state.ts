import { sql } from "drizzle-orm";
import { queryRows } from "@/db/client";
import { db } from "../../harness";

/**
 * A cheap fingerprint of everything the API can write for one game: row counts, sums and the latest
 * change of each table. Two equal fingerprints mean no request wrote in between. `players` is apart
 * because a refused write may still create the `ext:` player it names (SPEC convention 6).
 * Email codes are counted but their tries are not: a wrong code counts a try by design.
 */
export type GameState = { players: string; rest: Record<string, string> };

export async function gameState(gameId: string): Promise<GameState> {
  const rows = await queryRows<Record<string, string>>(
    await db(),
    sql`
    SELECT
      (SELECT concat(count(*), '/', max(updated_at)) FROM players WHERE game_id = ${gameId}) AS players,
      (SELECT concat(count(*), '/', sum(paid), '/', sum(bonus), '/', max(updated_at)) FROM balances WHERE game_id = ${gameId}) AS balances,
      (SELECT concat(count(*), '/', max(id)) FROM ledger_entries WHERE game_id = ${gameId}) AS ledger,
      (SELECT concat(count(*), '/', sum(quantity), '/', max(updated_at)) FROM inventory WHERE game_id = ${gameId}) AS inventory,
      (SELECT concat(count(*), '/', max(updated_at)) FROM orders WHERE game_id = ${gameId}) AS orders,
      (SELECT count(*)::text FROM outbox_events WHERE game_id = ${gameId}) AS outbox,
      (SELECT count(*)::text FROM idempotency_records WHERE game_id = ${gameId}) AS idempotency,
      (SELECT count(*)::text FROM player_tokens WHERE game_id = ${gameId}) AS tokens,
      (SELECT count(*)::text FROM email_codes WHERE game_id = ${gameId}) AS email_codes`,
  );
  const { players = "", ...rest } = rows[0] ?? {};
  return { players, rest };
}

/** How many players a state counts. */
export function playerCount(state: GameState): number {
  return Number(state.players.split("/")[0]);
}
