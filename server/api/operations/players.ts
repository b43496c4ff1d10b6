import { issuePlayerToken } from "@/server/players/issue-player-token";
import { toPlayerView, type PlayerRow } from "@/server/players/player-view";
import { upsertPlayer, UpsertPlayerRequest } from "@/server/players/upsert-player";
import { defineOperation } from "../operation";
import { Player, PlayerToken } from "../resource-schemas";

/** The pipeline resolves `{player}` before the handler when the operation declares `player`. */
export function requirePlayer(player: PlayerRow | null): PlayerRow {
  if (!player) throw new Error("operation declared no player resolution");
  return player;
}

export const upsertPlayerOperation = defineOperation<UpsertPlayerRequest>({
  id: "upsertPlayer",
  method: "PUT",
  path: "/players/{player}",
  summary: "Create an ext: player or update its fields; a field left out keeps its value.",
  tag: "Players",
  auth: "secret",
  idempotent: false,
  player: "create",
  body: UpsertPlayerRequest,
  response: Player,
  successStatus: 200,
  handle: async ({ db, scope, player, body }) => ({ body: await upsertPlayer(db, scope, requirePlayer(player), body) }),
});

export const getPlayerOperation = defineOperation({
  id: "getPlayer",
  method: "GET",
  path: "/players/{player}",
  summary: "A player by service id or ext: id.",
  tag: "Players",
  auth: "secret",
  idempotent: false,
  player: "read",
  response: Player,
  successStatus: 200,
  handle: async ({ player }) => ({ body: toPlayerView(requirePlayer(player)) }),
});

export const createPlayerTokenOperation = defineOperation({
  id: "createPlayerToken",
  method: "POST",
  path: "/players/{player}/tokens",
  summary: "A new one-hour player token for the client API; earlier tokens stay valid.",
  tag: "Players",
  auth: "secret",
  idempotent: false,
  player: "create",
  response: PlayerToken,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED"],
  handle: async ({ db, scope, player }) => ({ body: await issuePlayerToken(db, scope, requirePlayer(player)) }),
});
