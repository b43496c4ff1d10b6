import "server-only";
import { getCatalog } from "@/server/catalog/get-catalog";
import { consumeItem } from "@/server/inventory/consume-item";
import { purchaseItem } from "@/server/inventory/purchase-item";
import { ItemQuantityRequest } from "@/server/inventory/schemas";
import { assertReturnUrlsOfOrigin, CreateClientCheckoutRequest } from "@/server/orders/client-checkout-request";
import { createCheckout } from "@/server/orders/create-checkout";
import { findOrder } from "@/server/orders/find-order";
import { localeFromAcceptLanguage } from "@/server/orders/locales";
import { toOrderView } from "@/server/orders/order-view";
import { getMe } from "@/server/players/get-me";
import { ClientSpendRequest } from "@/server/wallet/schemas";
import { defineMoveOperation, defineOperation } from "../operation";
import { Catalog, Checkout, ItemChange, Me, Movement, Order, Purchase } from "../resource-schemas";
import { refreshCheckoutReplay } from "./orders";
import { spendMove } from "./wallet";

export const getClientCatalogOperation = defineOperation({
  id: "getClientCatalog",
  method: "GET",
  path: "/client/catalog",
  summary: "The active catalog, for shops in the browser or game client.",
  description:
    "The same catalog as getCatalog, for a shop in the browser or the game client.",
  tag: "Client",
  auth: "publishable",
  idempotent: false,
  response: Catalog,
  successStatus: 200,
  handle: async ({ db, scope, settings }) => ({ body: await getCatalog(db, scope, settings) }),
});

export const getMeOperation = defineOperation({
  id: "getMe",
  method: "GET",
  path: "/client/me",
  summary: "The token's player, wallet and owned items in one call.",
  description:
    "The token's player, wallet and owned items in one call, for a game client's start screen.",
  tag: "Client",
  auth: "player",
  idempotent: false,
  response: Me,
  successStatus: 200,
  handle: async ({ db, scope, player }) => ({ body: await getMe(db, scope, player) }),
});

export const spendClientOperation = defineMoveOperation({
  id: "spendClient",
  method: "POST",
  path: "/client/me/wallet/spend",
  summary: "Spend coins (no metadata from clients).",
  description:
    "Same rules as spendCurrency, without `metadata`: all or nothing, `409 INSUFFICIENT_FUNDS` with `details.required` and `details.available`.",
  tag: "Client",
  auth: "player",
  idempotent: true,
  body: ClientSpendRequest,
  response: Movement,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "INSUFFICIENT_FUNDS", "IDEMPOTENCY_CONFLICT"],
  move: spendMove,
});

export const createClientPurchaseOperation = defineMoveOperation({
  id: "createClientPurchase",
  method: "POST",
  path: "/client/me/purchases",
  summary: "Buy a client-purchasable item with coins.",
  description:
    "Only items with `clientPurchasable` true, else `403 FORBIDDEN`. Debits price × quantity and adds the item in one step; `409 INSUFFICIENT_FUNDS`, `LIMIT_REACHED` (past `maxOwned`) or `CONFLICT` (no price); `404` for an unknown item.",
  tag: "Client",
  auth: "player",
  idempotent: true,
  body: ItemQuantityRequest,
  response: Purchase,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "CONFLICT", "INSUFFICIENT_FUNDS", "LIMIT_REACHED", "IDEMPOTENCY_CONFLICT"],
  move: ({ db, scope, settings, player, body, claim }) => purchaseItem(db, { scope, settings, player, input: body, claim, clientOnly: true }),
});

export const consumeClientItemOperation = defineOperation({
  id: "consumeClientItem",
  method: "POST",
  path: "/client/me/inventory/consume",
  summary: "Use up consumable items.",
  description:
    "Same rules as consumeItem: consumables only (`409 CONFLICT` for a durable item), `409 INSUFFICIENT_FUNDS` when owning fewer, nothing consumed on a refusal.",
  tag: "Client",
  auth: "player",
  idempotent: true,
  body: ItemQuantityRequest,
  response: ItemChange,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "CONFLICT", "INSUFFICIENT_FUNDS", "IDEMPOTENCY_CONFLICT"],
  handle: async ({ db, scope, player, body }) => ({ body: await consumeItem(db, scope, { player, request: body }) }),
});

export const createClientCheckoutOperation = defineOperation({
  id: "createClientCheckout",
  method: "POST",
  path: "/client/me/checkouts",
  summary: "Start buying a pack: a pending order and the hosted payment page URL (the buyer picks the country there).",
  description:
    "A pending order and the URL of the hosted payment page, where the buyer picks the country (`country` is refused here). Open `checkoutUrl` in a window inside the player's click; its confirmation page posts `{type: \"gamecoin:order\", orderId, status}` to the opener. `successUrl` and `cancelUrl` must be https and of the request's `Origin` (else `fieldErrors.<field> = [ORIGIN_MISMATCH]`). A refused `creatorCode` is `fieldErrors.creatorCode = [CODE_INVALID]` with no order. `402 PAYMENT_FAILED` when the environment has no payment provider; `409 PACK_NOT_AVAILABLE` (with `details.startsAt`, `details.endsAt`), `PACK_SOLD_OUT`, `LIMIT_REACHED`. A replay answers 200 with the order as it is now.",
  tag: "Client",
  auth: "player",
  idempotent: true,
  body: CreateClientCheckoutRequest,
  response: Checkout,
  successStatus: 201,
  errors: ["PLAYER_BLOCKED", "PAYMENT_FAILED", "NOT_FOUND", "PACK_NOT_AVAILABLE", "PACK_SOLD_OUT", "LIMIT_REACHED", "IDEMPOTENCY_CONFLICT"],
  handle: async ({ db, scope, settings, player, body, facts }) => {
    assertReturnUrlsOfOrigin(body, facts.origin);
    const checkout = await createCheckout(db, scope, {
      settings,
      player,
      input: {
        packSku: body.packSku,
        successUrl: body.successUrl,
        cancelUrl: body.cancelUrl,
        locale: body.locale ?? localeFromAcceptLanguage(facts.acceptLanguage) ?? undefined,
        creatorCode: body.creatorCode,
        returnOrigin: facts.origin,
      },
      clientIp: facts.clientIp,
    });
    return { body: checkout };
  },
  refreshReplay: refreshCheckoutReplay,
});

export const getClientOrderOperation = defineOperation({
  id: "getClientOrder",
  method: "GET",
  path: "/client/me/orders/{orderId}",
  summary: "One of the token player's orders (another player's is 404).",
  description:
    "One of the token player's orders, to follow a payment; an order of another player is `404` like an unknown one.",
  tag: "Client",
  auth: "player",
  idempotent: false,
  response: Order,
  successStatus: 200,
  handle: async ({ db, scope, player, params }) => ({
    body: toOrderView(await findOrder(db, scope, { orderId: params.orderId ?? "", playerId: player.id })),
  }),
});
