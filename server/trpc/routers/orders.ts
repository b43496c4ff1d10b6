import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { studioTimeZone } from "@/server/auth/studio";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import { getOrderDetail } from "@/server/orders/get-order-detail";
import { checkOrderFilter, ListOrdersInput, listOrders, orderedPacks } from "@/server/orders/list-orders";
import { toOrderView, type OrderView } from "@/server/orders/order-view";
import { recordRefund, refundAtProvider, RefundOrderRequest } from "@/server/orders/refund-order";
import { assertMaySimulate, simulateOutcome, type SimulatedOutcome, type SimulateOptions } from "@/server/payments/simulate-outcome";
import { EuCountry } from "@/server/vat/eu-vat";
import { audited, type StaffContext } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { supportProcedure, router, viewerProcedure } from "../init";

const OrderInput = GameInput.extend({ orderId: z.string().min(1).max(64) });

type AuditedMove = { scope: GameScope; orderId: string; action: string; move: (tx: Db) => Promise<OrderView> };

/** One audited order move: the order before (read outside), the move and its audit row in one transaction. */
async function auditedMove(ctx: StaffContext, { scope, orderId, action, move }: AuditedMove): Promise<OrderView> {
  const before = toOrderView(await findOrder(ctx.db, scope, { orderId }));
  return audited(ctx, move, (after) => ({ action, gameId: scope.gameId, env: scope.env, targetType: "order", targetId: after.id, before, after }));
}

/**
 * A simulated outcome, audited. The simulation rule is checked before the order is read, so a live
 * scope is refused as such rather than as an unknown order.
 */
async function sandboxMove(
  ctx: StaffContext,
  input: z.infer<typeof OrderInput>,
  { outcome, ...options }: { outcome: SimulatedOutcome } & SimulateOptions,
): Promise<OrderView> {
  const scope = await scopeForStaff(ctx.db, ctx.staff, input);
  assertMaySimulate(scope);
  return auditedMove(ctx, { scope, orderId: input.orderId, action: `order.sandbox.${outcome}`, move: (tx) => simulateOutcome(tx, scope, { orderId: input.orderId, outcome, ...options }) });
}

export const ordersRouter = router({
  /** The date filters are days in the studio's time zone, like every date the dashboard shows. */
  list: viewerProcedure.input(GameInput.extend(ListOrdersInput.shape).superRefine(checkOrderFilter)).query(async ({ ctx, input }) =>
    listOrders(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), { ...input, timeZone: await studioTimeZone(ctx.db, ctx.staff.studioId) }),
  ),

  packs: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => orderedPacks(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  get: viewerProcedure.input(OrderInput).query(async ({ ctx, input }) => getOrderDetail(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), input.orderId)),

  /**
   * The same refund as `POST /orders/{id}/refund`: its two steps, the provider's refund first (a
   * network call, outside any transaction), then the refund itself inside the audit's transaction.
   */
  refund: supportProcedure.input(OrderInput.extend(RefundOrderRequest.shape)).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const before = toOrderView(await findOrder(ctx.db, scope, { orderId: input.orderId }));
    await refundAtProvider(ctx.db, scope, { orderId: input.orderId, input: { reason: input.reason } });
    return audited(ctx, (tx) => recordRefund(tx, scope, { orderId: input.orderId, input: { reason: input.reason } }), (after) => ({
      action: "order.refund",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "order",
      targetId: after.id,
      before,
      after,
    }));
  }),

  sandboxPay: supportProcedure
    .input(OrderInput.extend({ country: EuCountry.optional() }))
    .mutation(async ({ ctx, input }) => sandboxMove(ctx, input, { outcome: "pay", country: input.country })),

  sandboxDecline: supportProcedure.input(OrderInput).mutation(async ({ ctx, input }) => sandboxMove(ctx, input, { outcome: "decline" })),

  sandboxChargeback: supportProcedure.input(OrderInput).mutation(async ({ ctx, input }) => sandboxMove(ctx, input, { outcome: "chargeback" })),
});
