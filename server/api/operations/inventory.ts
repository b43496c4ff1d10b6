import { consumeItem } from "@/server/inventory/consume-item";
import { grantItem } from "@/server/inventory/grant-item";
import { listInventory } from "@/server/inventory/list-inventory";
import { purchaseItem } from "@/server/inventory/purchase-item";
import { ItemQuantityRequest } from "@/server/inventory/schemas";
import { defineOperation } from "../operation";
import { InventoryList, ItemChange, Purchase } from "../resource-schemas";
import { requirePlayer } from "./players";

export const listInventoryOperation = defineOperation({
  id: "listInventory",
  method: "GET",
  path: "/players/{player}/inventory",
  summary: "Owned items (quantity above 0).",
  tag: "Inventory",
  auth: "secret",
  idempotent: false,
  player: "read",
  response: InventoryList,
  successStatus: 200,
  handle: async ({ db, scope, player }) => ({ body: { items: await listInventory(db, scope, requirePlayer(player).id) } }),
});

export const grantItemOperation = defineOperation<ItemQuantityRequest>({
  id: "grantItem",
  method: "POST",
  path: "/players/{player}/inventory/grant",
  summary: "Add items; refused whole when `maxOwned` would be passed.",
  tag: "Inventory",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: ItemQuantityRequest,
  response: ItemChange,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "LIMIT_REACHED", "IDEMPOTENCY_CONFLICT"],
  handle: async ({ db, scope, player, body }) => ({ body: await grantItem(db, scope, requirePlayer(player), body) }),
});

export const consumeItemOperation = defineOperation<ItemQuantityRequest>({
  id: "consumeItem",
  method: "POST",
  path: "/players/{player}/inventory/consume",
  summary: "Use up consumable items; durable items answer 409 CONFLICT.",
  tag: "Inventory",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: ItemQuantityRequest,
  response: ItemChange,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "CONFLICT", "INSUFFICIENT_FUNDS", "IDEMPOTENCY_CONFLICT"],
  handle: async ({ db, scope, player, body }) => ({ body: await consumeItem(db, scope, requirePlayer(player), body) }),
});

export const createPurchaseOperation = defineOperation<ItemQuantityRequest>({
  id: "createPurchase",
  method: "POST",
  path: "/players/{player}/purchases",
  summary: "Buy an item with coins: price × quantity debited and the item added, atomically.",
  tag: "Inventory",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: ItemQuantityRequest,
  response: Purchase,
  successStatus: 200,
  errors: ["PLAYER_BLOCKED", "NOT_FOUND", "CONFLICT", "INSUFFICIENT_FUNDS", "LIMIT_REACHED", "IDEMPOTENCY_CONFLICT"],
  handle: async ({ db, scope, settings, player, body }) => ({
    body: await purchaseItem(db, scope, settings, requirePlayer(player), body),
  }),
});
