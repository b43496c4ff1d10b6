import "server-only";
import { consumeItem } from "@/server/inventory/consume-item";
import { grantItem } from "@/server/inventory/grant-item";
import { listInventory } from "@/server/inventory/list-inventory";
import { purchaseItem } from "@/server/inventory/purchase-item";
import { ItemQuantityRequest } from "@/server/inventory/schemas";
import { defineMoveOperation, defineOperation } from "../operation";
import { InventoryList, ItemChange, Purchase } from "../resource-schemas";

export const listInventoryOperation = defineOperation({
  id: "listInventory",
  method: "GET",
  path: "/players/{player}/inventory",
  summary: "Owned items (quantity above 0).",
  description:
    "The items the player owns, quantity above 0.",
  tag: "Inventory",
  auth: "secret",
  idempotent: false,
  player: "read",
  response: InventoryList,
  successStatus: 200,
  handle: async ({ db, scope, player }) => ({ body: { items: await listInventory(db, scope, player.id) } }),
});

export const grantItemOperation = defineOperation({
  id: "grantItem",
  method: "POST",
  path: "/players/{player}/inventory/grant",
  summary: "Add items; refused whole when `maxOwned` would be passed.",
  description:
    "Adds to the owned quantity. All or nothing: `409 LIMIT_REACHED` with `details.maxOwned` and `details.owned` when the grant would pass the item's `maxOwned`. `404` when the item is not in the catalog.",
  tag: "Inventory",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: ItemQuantityRequest,
  response: ItemChange,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "LIMIT_REACHED", "IDEMPOTENCY_CONFLICT"],
  handle: async ({ db, scope, player, body }) => ({ body: await grantItem(db, scope, { player, request: body }) }),
});

export const consumeItemOperation = defineOperation({
  id: "consumeItem",
  method: "POST",
  path: "/players/{player}/inventory/consume",
  summary: "Use up consumable items; durable items answer 409 CONFLICT.",
  description:
    "Only `consumable` items; a `durable` one is `409 CONFLICT`. Owning fewer than `quantity` (none included) is `409 INSUFFICIENT_FUNDS` with `details.required` and `details.available`, and nothing is consumed. `404` when the item is not in the catalog.",
  tag: "Inventory",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: ItemQuantityRequest,
  response: ItemChange,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "CONFLICT", "INSUFFICIENT_FUNDS", "IDEMPOTENCY_CONFLICT"],
  handle: async ({ db, scope, player, body }) => ({ body: await consumeItem(db, scope, { player, request: body }) }),
});

export const createPurchaseOperation = defineMoveOperation({
  id: "createPurchase",
  method: "POST",
  path: "/players/{player}/purchases",
  summary: "Buy an item with coins: price × quantity debited and the item added, atomically.",
  description:
    "Debits price × quantity in the item's currency and adds the item in one step, with a `spend` entry whose `ref.itemSku` names the item. `409 INSUFFICIENT_FUNDS` when the wallet is short, `LIMIT_REACHED` past `maxOwned`, `CONFLICT` when the item has no price; `404` for an unknown item.",
  tag: "Inventory",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: ItemQuantityRequest,
  response: Purchase,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "CONFLICT", "INSUFFICIENT_FUNDS", "LIMIT_REACHED", "IDEMPOTENCY_CONFLICT"],
  move: ({ db, scope, settings, player, body, claim }) => purchaseItem(db, { scope, settings, player, input: body, claim, clientOnly: false }),
});
