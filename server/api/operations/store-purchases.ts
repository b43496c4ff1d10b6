import "server-only";
import { recordStorePurchase } from "@/server/stores/record-store-purchase";
import { StorePurchaseRequest } from "@/server/stores/store-purchase-request";
import { defineOperation } from "../operation";
import { Order } from "../resource-schemas";

const RULES =
  "The game sends what the store gave it after a purchase: `app_store` with StoreKit 2's signed transaction (verified with Apple's " +
  "library up to Apple's root, for this environment's bundle id; the App Store's Sandbox is `test`, its Production `live`, and the " +
  "transaction is read back through the App Store Server API), or `google_play` with the product id and purchase token (checked " +
  "with Google's Play Developer API, then consumed; a license tester's purchase is `test`, a paid one `live`). The product's pack " +
  "is delivered at once (`order.fulfilled`, `wallet.credited`): `amount` to paid, `bonus` to bonus, and its items. The order's " +
  "`amountCents` is the pack's catalog price and its VAT is zero: the store is the merchant of record and accounts for VAT. " +
  "One store transaction credits once, ever: `201` when recorded now, `200` with the same order when this player recorded it " +
  "before (with any key). `400 VALIDATION_FAILED` for a signature or chain that does not verify, another app, or the other " +
  "environment; `404` for a product mapped to no pack on sale; `409 CONFLICT` for a transaction recorded for another player, or " +
  "that the store calls refunded, revoked, pending, canceled, consumed elsewhere or unknown (`details.state`), or a store not set " +
  "up; `503` when the store did not answer (nothing was recorded: retry with the same key). A refund at the store claws the order " +
  "back on its own, and the order cannot be refunded through this API.";

const ERRORS = ["PLAYER_BLOCKED", "NOT_FOUND", "CONFLICT", "SERVICE_UNAVAILABLE", "IDEMPOTENCY_CONFLICT"];

export const recordStorePurchaseOperation = defineOperation({
  id: "recordStorePurchase",
  method: "POST",
  path: "/players/{player}/store-purchases",
  summary: "Record an App Store or Google Play purchase: verified with the store, its pack delivered once.",
  description: RULES,
  tag: "Orders",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: StorePurchaseRequest,
  response: Order,
  successStatus: 201,
  errors: ERRORS,
  handle: async ({ db, scope, player, body }) => {
    const recorded = await recordStorePurchase(db, scope, { player, input: body });
    return { status: recorded.created ? 201 : 200, body: recorded.order };
  },
});

export const recordClientStorePurchaseOperation = defineOperation({
  id: "recordClientStorePurchase",
  method: "POST",
  path: "/client/me/store-purchases",
  summary: "Record the token's player's App Store or Google Play purchase.",
  description: RULES,
  tag: "Client",
  auth: "player",
  idempotent: true,
  body: StorePurchaseRequest,
  response: Order,
  successStatus: 201,
  errors: ERRORS,
  handle: async ({ db, scope, player, body }) => {
    const recorded = await recordStorePurchase(db, scope, { player, input: body });
    return { status: recorded.created ? 201 : 200, body: recorded.order };
  },
});
