import "server-only";
import { issuePlayerToken } from "@/server/players/issue-player-token";
import { erasePlayer } from "@/server/players/privacy/erase-player";
import { exportPlayer } from "@/server/players/privacy/export-player";
import { toPlayerView } from "@/server/players/player-view";
import { upsertPlayer, UpsertPlayerRequest } from "@/server/players/upsert-player";
import { defineOperation } from "../operation";
import { Player, PlayerErasure, PlayerExport, PlayerToken } from "../resource-schemas";

/** The pipeline resolves `{player}` before the handler when the operation declares `player`. */
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
  handle: async ({ db, scope, player, body }) => ({ body: await upsertPlayer(db, scope, { player, fields: body }) }),
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
  handle: async ({ player }) => ({ body: toPlayerView(player) }),
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
  handle: async ({ db, scope, player }) => ({ body: await issuePlayerToken(db, scope, player) }),
});

/** Tag of the routes beyond SPEC v1 (CONTRACT: server API extensions); see docs/privacy.md. */
export const PRIVACY_EXTENSION_TAG = "Privacy (extension)";

export const exportPlayerOperation = defineOperation({
  id: "exportPlayer",
  method: "GET",
  path: "/players/{player}/export",
  summary: "Everything stored about a player, as one JSON document (GDPR access and portability).",
  description:
    "An extension beyond SPEC v1. The profile with the fields the Player resource never shows (`email`, `linkedEmail`, `birthYear`, `updatedAt`), " +
    "every balance, the full ledger (oldest first), owned items, every order with its VAT country and amounts, gift-code redemptions and the e-mail " +
    "codes still kept for the player. No secret, token or hash is ever part of it. `formatVersion` names the layout (now `1`); `exportedAt` is when it was made. " +
    "A blocked or erased player can be exported too (an erased one shows what is left).",
  tag: PRIVACY_EXTENSION_TAG,
  auth: "secret",
  idempotent: false,
  player: "read",
  response: PlayerExport,
  successStatus: 200,
  handle: async ({ db, scope, player }) => ({ body: await exportPlayer(db, scope, player) }),
});

export const erasePlayerOperation = defineOperation({
  id: "erasePlayer",
  method: "POST",
  path: "/players/{player}/erase",
  summary: "Erase a player's personal data for good (GDPR); orders stay for tax records.",
  description:
    "An extension beyond SPEC v1, in one transaction: `displayName`, `email`, `linkedEmail`, `birthYear` and `country` are removed; an `external` player's " +
    "`externalId` becomes `erased:<service id>`, so the old `ext:` id finds nothing (`404`) and a later write with it creates a new player; player tokens " +
    "are revoked, the player secret is removed and the player is blocked. Each non-zero balance is zeroed by one `adjustment` ledger entry with reason " +
    "`erasure`, and owned items go to quantity 0. Orders keep their country, VAT and amounts. " +
    "Takes no `Idempotency-Key`: the erasure is idempotent by itself, and a repeated call changes nothing and answers the first erasure's summary " +
    "(same `erasedAt`). An unknown `ext:` player is `404` (nothing is created to be erased). Recorded in the studio's audit log, with the key's id and no personal data.",
  tag: PRIVACY_EXTENSION_TAG,
  auth: "secret",
  idempotent: false,
  player: "read",
  response: PlayerErasure,
  successStatus: 200,
  handle: async ({ db, scope, player, keyId }) => ({
    body: await erasePlayer(db, scope, { playerId: player.id, actor: { kind: "key", keyId } }),
  }),
});
