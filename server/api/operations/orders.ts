import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";
import { CreateCheckoutRequest } from "@/server/orders/checkout-request";
import { createCheckout } from "@/server/orders/create-checkout";
import { findOrder } from "@/server/orders/find-order";
import { toOrderView } from "@/server/orders/order-view";
import { refundOrder, RefundOrderRequest } from "@/server/orders/refund-order";
import { defineOperation } from "../operation";
import { Checkout, Order } from "../resource-schemas";

const StoredCheckout = z.object({ order: z.object({ id: z.string() }), checkoutUrl: z.string() });

/** A replayed checkout shows its order as it is now (SPEC convention 8). */
export async function refreshCheckoutReplay({ db, scope }: { db: Db; scope: GameScope }, stored: unknown): Promise<unknown> {
  const checkout = StoredCheckout.parse(stored);
  return { order: toOrderView(await findOrder(db, scope, { orderId: checkout.order.id })), checkoutUrl: checkout.checkoutUrl };
}

export const createCheckoutOperation = defineOperation({
  id: "createCheckout",
  method: "POST",
  path: "/players/{player}/checkouts",
  summary: "Start buying a pack for euros: a pending order and the URL of the hosted payment page.",
  description:
    "Sells only to the 27 EU countries: `country` if given, else the player's country when it is in the EU, else BE. " +
    "A replay answers 200 with the order in its current state.",
  tag: "Orders",
  auth: "secret",
  idempotent: true,
  player: "create",
  body: CreateCheckoutRequest,
  response: Checkout,
  successStatus: 201,
  errors: ["PLAYER_BLOCKED", "PAYMENT_FAILED", "NOT_FOUND", "PACK_NOT_AVAILABLE", "PACK_SOLD_OUT", "LIMIT_REACHED", "IDEMPOTENCY_CONFLICT"],
  handle: async ({ db, scope, settings, player, body, facts }) => ({
    body: await createCheckout(db, scope, { settings, player, input: body, clientIp: facts.clientIp }),
  }),
  refreshReplay: refreshCheckoutReplay,
});

export const getOrderOperation = defineOperation({
  id: "getOrder",
  method: "GET",
  path: "/orders/{orderId}",
  summary: "An order of this environment.",
  description:
    "Any order of the key's environment, with its status and dates: `pending`, then `paid` and `fulfilled`; or `failed`, `canceled`, `expired`; later `refunded` or `chargeback`.",
  tag: "Orders",
  auth: "secret",
  idempotent: false,
  response: Order,
  successStatus: 200,
  handle: async ({ db, scope, params }) => ({ body: toOrderView(await findOrder(db, scope, { orderId: params.orderId ?? "" })) }),
});

export const refundOrderOperation = defineOperation({
  id: "refundOrder",
  method: "POST",
  path: "/orders/{orderId}/refund",
  summary: "Refund a fulfilled order; its coins and items are taken back (a debt when they were spent).",
  description:
    "Not idempotent by key: after a network error or a 5xx, read the order before retrying. The payment provider refunds first: " +
    "402 PAYMENT_FAILED when it refuses (the order is unchanged) or does not answer (details.retryable is true: the order is " +
    "unchanged, and retrying is safe because every attempt for one order asks the provider with the same idempotency key).",
  tag: "Orders",
  auth: "secret",
  idempotent: false,
  body: RefundOrderRequest,
  response: Order,
  successStatus: 200,
  errors: ["CONFLICT", "PAYMENT_FAILED"],
  handle: async ({ db, scope, params, body }) => ({ body: await refundOrder(db, scope, { orderId: params.orderId ?? "", input: body }) }),
});
