import { TRPCError } from "@trpc/server";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { StaffIdentity } from "@/server/auth/staff-sign-in";
import type { GameScope } from "@/server/lib/scope";
import { chargebackOrder } from "@/server/orders/chargeback-order";
import { closeOrder } from "@/server/orders/close-order";
import { findOrder } from "@/server/orders/find-order";
import { getOrderDetail } from "@/server/orders/get-order-detail";
import { checkOrderFilter, ListOrdersInput, listOrders, orderedPacks } from "@/server/orders/list-orders";
import { toOrderView, type OrderView } from "@/server/orders/order-view";
import { payOrder } from "@/server/orders/pay-order";
import { recordRefund, refundAtProvider, RefundOrderRequest } from "@/server/orders/refund-order";
import { EuCountry } from "@/server/vat/eu-vat";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { supportProcedure, router, viewerProcedure } from "../init";

const OrderInput = GameInput.extend({ orderId: z.string().min(1).max(64) });

/** Sandbox helpers move simulated orders only; live money moves only through the payment provider. */
function sandboxScope(scope: GameScope): GameScope {
  if (scope.env !== "test") throw new TRPCError({ code: "FORBIDDEN", message: "Sandbox helpers exist only in the test environment." });
  return scope;
}

/** One audited order move: the order before (read outside), the move and its audit row in one transaction. */
async function auditedMove(
  db: Db,
  staff: StaffIdentity,
  scope: GameScope,
  orderId: string,
  action: string,
  move: (tx: Db) => Promise<OrderView>,
): Promise<OrderView> {
  const before = toOrderView(await findOrder(db, scope, orderId));
  return audited(db, staff, move, (after) => ({ action, gameId: scope.gameId, env: scope.env, targetType: "order", targetId: after.id, before, after }));
}

export const ordersRouter = router({
  list: viewerProcedure.input(GameInput.extend(ListOrdersInput.shape).superRefine(checkOrderFilter)).query(async ({ ctx, input }) =>
    listOrders(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), input),
  ),

  packs: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => orderedPacks(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  get: viewerProcedure.input(OrderInput).query(async ({ ctx, input }) => getOrderDetail(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), input.orderId)),

  /**
   * The same refund as `POST /orders/{id}/refund`: its two steps, the provider's refund first (a
   * network call, outside any transaction), then the refund itself inside the audit's transaction.
   */
  refund: supportProcedure.input(OrderInput.extend(RefundOrderRequest.shape)).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const before = toOrderView(await findOrder(ctx.db, scope, input.orderId));
    await refundAtProvider(ctx.db, scope, input.orderId);
    return audited(ctx.db, ctx.staff, (tx) => recordRefund(tx, scope, input.orderId, { reason: input.reason }), (after) => ({
      action: "order.refund",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "order",
      targetId: after.id,
      before,
      after,
    }));
  }),

  sandboxPay: supportProcedure.input(OrderInput.extend({ country: EuCountry.optional() })).mutation(async ({ ctx, input }) => {
    const scope = sandboxScope(await scopeForStaff(ctx.db, ctx.staff, input));
    return auditedMove(ctx.db, ctx.staff, scope, input.orderId, "order.sandbox.pay", (tx) => payOrder(tx, scope, input.orderId, { country: input.country }));
  }),

  sandboxDecline: supportProcedure.input(OrderInput).mutation(async ({ ctx, input }) => {
    const scope = sandboxScope(await scopeForStaff(ctx.db, ctx.staff, input));
    return auditedMove(ctx.db, ctx.staff, scope, input.orderId, "order.sandbox.decline", (tx) => closeOrder(tx, scope, input.orderId, "decline"));
  }),

  sandboxChargeback: supportProcedure.input(OrderInput).mutation(async ({ ctx, input }) => {
    const scope = sandboxScope(await scopeForStaff(ctx.db, ctx.staff, input));
    return auditedMove(ctx.db, ctx.staff, scope, input.orderId, "order.sandbox.chargeback", (tx) => chargebackOrder(tx, scope, input.orderId));
  }),
});
