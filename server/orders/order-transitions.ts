import "server-only";
import type { OrderStatus } from "@/db/schema";
import { AppError } from "@/server/lib/errors";

export type OrderMove = "pay" | "confirm_payment" | "fulfill" | "decline" | "cancel" | "expire" | "refund" | "chargeback";

/**
 * The order state machine: for each move, the states it may start from and the state it leads to.
 * `pay` is a payment that succeeds and is delivered in the same step (the simulator, and any provider
 * that confirms synchronously); `confirm_payment` + `fulfill` is the same in two steps.
 */
export const orderMoves: Record<OrderMove, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  pay: { from: ["pending"], to: "fulfilled" },
  confirm_payment: { from: ["pending"], to: "paid" },
  fulfill: { from: ["paid"], to: "fulfilled" },
  decline: { from: ["pending"], to: "failed" },
  cancel: { from: ["pending"], to: "canceled" },
  expire: { from: ["pending"], to: "expired" },
  refund: { from: ["fulfilled"], to: "refunded" },
  chargeback: { from: ["paid", "fulfilled"], to: "chargeback" },
};

export const finalOrderStatuses: readonly OrderStatus[] = ["refunded", "chargeback", "failed", "canceled", "expired"];

/** The state after `move`, or 409 CONFLICT when the order's state does not allow it. */
export function nextStatus(current: OrderStatus, move: OrderMove): OrderStatus {
  const rule = orderMoves[move];
  if (!rule.from.includes(current)) {
    throw new AppError("CONFLICT", `A ${current} order cannot be ${describe(move)}.`, { status: current });
  }
  return rule.to;
}

function describe(move: OrderMove): string {
  switch (move) {
    case "pay":
    case "confirm_payment":
      return "paid";
    case "fulfill":
      return "fulfilled";
    case "decline":
      return "declined";
    case "cancel":
      return "canceled";
    case "expire":
      return "expired";
    case "refund":
      return "refunded";
    case "chargeback":
      return "charged back";
  }
}
