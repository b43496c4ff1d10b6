import { describe, expect, it } from "vitest";
import { orderStatuses, type OrderStatus } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { finalOrderStatuses, nextStatus, orderMoves, type OrderMove } from "./order-transitions";

const moves = Object.keys(orderMoves) as OrderMove[];

/** SPEC "Order status" plus CONTRACT section 2, written out: every allowed move and where it leads. */
const allowed: Record<OrderStatus, Partial<Record<OrderMove, OrderStatus>>> = {
  pending: { pay: "fulfilled", confirm_payment: "paid", decline: "failed", cancel: "canceled", expire: "expired" },
  paid: { fulfill: "fulfilled", chargeback: "chargeback" },
  fulfilled: { refund: "refunded", chargeback: "chargeback" },
  refunded: {},
  chargeback: {},
  failed: {},
  canceled: {},
  expired: {},
};

const table = orderStatuses.flatMap((from) => moves.map((move) => ({ from, move, to: allowed[from][move] ?? null })));

describe("the order state machine", () => {
  it("covers every status and move", () => {
    expect(orderStatuses).toEqual(["pending", "paid", "fulfilled", "refunded", "chargeback", "failed", "canceled", "expired"]);
    expect([...moves].sort()).toEqual(["cancel", "chargeback", "confirm_payment", "decline", "expire", "fulfill", "pay", "refund"]);
    expect(table).toHaveLength(64);
  });

  it.each(table.filter((c) => c.to !== null))("$from --$move--> $to", ({ from, move, to }) => {
    expect(nextStatus(from, move)).toBe(to);
  });

  it.each(table.filter((c) => c.to === null))("$from --$move--> 409 CONFLICT", ({ from, move }) => {
    let thrown: unknown;
    try {
      nextStatus(from, move);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const error = thrown as AppError;
    expect(error.code).toBe("CONFLICT");
    expect(error.status).toBe(409);
    expect(error.details).toEqual({ status: from });
    expect(error.message).toMatch(new RegExp(`^A ${from} order cannot be `));
  });

  it("final states are exactly refunded, chargeback, failed, canceled and expired, and nothing leaves them", () => {
    expect([...finalOrderStatuses].sort()).toEqual(["canceled", "chargeback", "expired", "failed", "refunded"]);
    for (const status of finalOrderStatuses) {
      for (const move of moves) expect(() => nextStatus(status, move)).toThrow(AppError);
    }
  });

  it("no move leads back to pending, and only pending leads to paid", () => {
    for (const rule of Object.values(orderMoves)) expect(rule.to).not.toBe("pending");
    const intoPaid = moves.filter((m) => orderMoves[m].to === "paid");
    expect(intoPaid).toEqual(["confirm_payment"]);
    expect(orderMoves.confirm_payment.from).toEqual(["pending"]);
  });
});
