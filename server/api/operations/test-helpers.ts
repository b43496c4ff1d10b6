import { z } from "zod";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { chargebackOrder } from "@/server/orders/chargeback-order";
import { closeOrder } from "@/server/orders/close-order";
import { payOrder } from "@/server/orders/pay-order";
import { EuCountry } from "@/server/vat/eu-vat";
import { defineOperation } from "../operation";
import { Order } from "../resource-schemas";

const PayRequest = z.strictObject({ country: EuCountry.optional() });
type PayRequest = z.infer<typeof PayRequest>;

/** Test helpers exist only in `test`; with a live key they are unknown routes. */
function testScope(ctx: { scope: GameScope }): GameScope {
  if (ctx.scope.env !== "test") throw new AppError("NOT_FOUND", "Test helpers exist only in the test environment.");
  return ctx.scope;
}

function orderIdOf(ctx: { params: Record<string, string> }): string {
  return ctx.params.orderId ?? "";
}

const common = {
  method: "POST" as const,
  tag: "Test helpers",
  auth: "secret" as const,
  idempotent: false,
  response: Order,
  successStatus: 200,
  errors: ["CONFLICT"],
};

export const payOrderHelper = defineOperation<PayRequest>({
  ...common,
  id: "testPayOrder",
  path: "/test-helpers/orders/{orderId}/pay",
  summary: "Test only: the buyer (optionally) picks a country, the payment succeeds and the order is fulfilled.",
  body: PayRequest,
  handle: async (ctx) => ({ body: await payOrder(ctx.db, testScope(ctx), orderIdOf(ctx), { country: ctx.body.country }) }),
});

export const declineOrderHelper = defineOperation({
  ...common,
  id: "testDeclineOrder",
  path: "/test-helpers/orders/{orderId}/decline",
  summary: "Test only: the payment fails; the order becomes failed.",
  handle: async (ctx) => ({ body: await closeOrder(ctx.db, testScope(ctx), orderIdOf(ctx), "decline") }),
});

export const cancelOrderHelper = defineOperation({
  ...common,
  id: "testCancelOrder",
  path: "/test-helpers/orders/{orderId}/cancel",
  summary: "Test only: the buyer cancels; the order becomes canceled.",
  handle: async (ctx) => ({ body: await closeOrder(ctx.db, testScope(ctx), orderIdOf(ctx), "cancel") }),
});

export const expireOrderHelper = defineOperation({
  ...common,
  id: "testExpireOrder",
  path: "/test-helpers/orders/{orderId}/expire",
  summary: "Test only: the pending order expires now.",
  handle: async (ctx) => ({ body: await closeOrder(ctx.db, testScope(ctx), orderIdOf(ctx), "expire") }),
});

export const chargebackOrderHelper = defineOperation({
  ...common,
  id: "testChargebackOrder",
  path: "/test-helpers/orders/{orderId}/chargeback",
  summary: "Test only: the payer disputes a paid order; coins and items are taken back.",
  handle: async (ctx) => ({ body: await chargebackOrder(ctx.db, testScope(ctx), orderIdOf(ctx)) }),
});
