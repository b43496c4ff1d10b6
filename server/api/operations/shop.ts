import "server-only";
import { createShopLink, CreateShopLinkRequest } from "@/server/shop/shop-links";
import { defineOperation } from "../operation";
import { ShopLink } from "../resource-schemas";

export const createShopLinkOperation = defineOperation({
  id: "createShopLink",
  method: "POST",
  path: "/players/{player}/shop-links",
  summary: "A single-use link that signs the player into the game's web shop within 10 minutes.",
  description:
    "Opening `url` once signs the player into the hosted shop of the key's game and environment (`/shop/<game>` for live, `/shop/<game>/test` for test): " +
    "a redirect to the shop page with a session cookie (24 hours). A second use, or a use after `expiresAt`, signs no one in. " +
    "The optional `locale` (`fr`, `en` or `nl`) is the shop's language; without it the browser's languages decide, then French. " +
    "Creates an unknown `ext:` player. A blocked player is `403 PLAYER_BLOCKED` and gets no link; `409 CONFLICT` when the environment's shop is off; " +
    "at most 20 links per player an hour (`429 RATE_LIMITED`). Takes no `Idempotency-Key`: every call makes a new link. See docs/shop.md.",
  tag: "Players",
  auth: "secret",
  idempotent: false,
  player: "create",
  body: CreateShopLinkRequest,
  response: ShopLink,
  successStatus: 201,
  errors: ["PLAYER_BLOCKED", "CONFLICT", "RATE_LIMITED"],
  handle: async ({ db, scope, player, body }) => ({ body: await createShopLink(db, { scope, player, locale: body.locale }) }),
});
