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

export const upsertPlayerOperation = defineOperation({
  id: "upsertPlayer",
  method: "PUT",
  path: "/players/{player}",
  summary: "Create an ext: player or update its fields; a field left out keeps its value.",
  description:
    "Every field is optional and a field left out keeps its value; `null` clears it. `displayName` is 1 to 80 characters once trimmed; `email` and `birthYear` are stored but never returned; `country` is two letters, upper-cased, and becomes the default country of the player's checkouts. A service id that does not exist is `404`; a bad field is `400 VALIDATION_FAILED` with `details.fieldErrors`.",
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
  description:
    "The player named by service id or `ext:` id, with `kind`, `blocked` and `createdAt`.",
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
  description:
    "Issues a player token valid one hour, for your game client to call the client API as this player. Earlier tokens stay valid. A blocked player is `403 PLAYER_BLOCKED`.",
  tag: "Players",
  auth: "secret",
  idempotent: false,
  player: "create",
  response: PlayerToken,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED"],
  handle: async ({ db, scope, player }) => ({ body: await issuePlayerToken(db, scope, requirePlayer(player)) }),
});
