import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "@/db/schema";
import type { OrderView } from "@/server/orders/order-view";
import { extRef, useDatabase, type ApiResponse, type TestGame } from "../harness";
import { apiError } from "../domain-helpers";
import {
  assertLedgerInvariants,
  createSalesGame,
  getOrder,
  helper,
  ledgerOfOrder,
  newOrder,
  outboxOf,
  refund,
  setOrderStatus,
  type HelperMove,
} from "../order-helpers";

useDatabase();

let game: TestGame;
beforeAll(async () => {
  game = await createSalesGame();
});
afterEach(async () => {
  await assertLedgerInvariants(game);
});

type Move = HelperMove | "refund";
const moves: Move[] = ["pay", "decline", "cancel", "expire", "chargeback", "refund"];

function expectOk(response: ApiResponse<unknown>, what: string): void {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(200);
}

/** A fresh order of pack p500 in `state`, reached through the API (`paid` only through the database). */
async function orderIn(state: OrderStatus): Promise<OrderView> {
  const order = await newOrder(game.secretKey, "p500", extRef("sm"));
  const id = order.id;
  switch (state) {
    case "pending":
      break;
    case "paid":
      await setOrderStatus(id, "paid");
      break;
    case "fulfilled":
      expectOk(await helper(game.secretKey, id, "pay"), "pay");
      break;
    case "refunded":
      expectOk(await helper(game.secretKey, id, "pay"), "pay");
      expectOk(await refund(game.secretKey, id), "refund");
      break;
    case "chargeback":
      expectOk(await helper(game.secretKey, id, "pay"), "pay");
      expectOk(await helper(game.secretKey, id, "chargeback"), "chargeback");
      break;
    case "failed":
      expectOk(await helper(game.secretKey, id, "decline"), "decline");
      break;
    case "canceled":
      expectOk(await helper(game.secretKey, id, "cancel"), "cancel");
      break;
    case "expired":
      expectOk(await helper(game.secretKey, id, "expire"), "expire");
      break;
  }
  const current = await getOrder(game.secretKey, id);
  expect(current.body.status).toBe(state);
  return current.body;
}

function move(orderId: string, which: Move): Promise<ApiResponse<OrderView>> {
  return which === "refund" ? refund(game.secretKey, orderId) : helper(game.secretKey, orderId, which);
}

const allowed: Record<OrderStatus, Partial<Record<Move, OrderStatus>>> = {
  pending: { pay: "fulfilled", decline: "failed", cancel: "canceled", expire: "expired" },
  paid: { chargeback: "chargeback" },
  fulfilled: { refund: "refunded", chargeback: "chargeback" },
  refunded: {},
  chargeback: {},
  failed: {},
  canceled: {},
  expired: {},
};
const states = Object.keys(allowed) as OrderStatus[];
const table = states.flatMap((from) => moves.map((m) => ({ from, move: m, to: allowed[from][m] ?? null })));

describe("order state machine through the API", () => {
  it("the table has every state and move", () => {
    expect(table).toHaveLength(48);
    expect(table.filter((c) => c.to !== null)).toHaveLength(7);
  });

  it.each(table.filter((c) => c.to !== null))("$from --$move--> $to", async ({ from, move: m, to }) => {
    const before = await orderIn(from);
    const response = await move(before.id, m);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(to);
    expect(response.body).toEqual((await getOrder(game.secretKey, before.id)).body);
    // Only the status and its own date change.
    const { status: _s1, paidAt: _p1, fulfilledAt: _f1, refundedAt: _r1, ...restBefore } = before;
    const { status: _s2, paidAt: _p2, fulfilledAt: _f2, refundedAt: _r2, ...restAfter } = response.body;
    expect(restAfter).toEqual(restBefore);
  });

  it.each(table.filter((c) => c.to === null))("$from --$move--> 409 CONFLICT, nothing changes", async ({ from, move: m }) => {
    const before = await orderIn(from);
    const outbox = await outboxOf(before.id);
    const ledger = await ledgerOfOrder(before.id);
    const response = await move(before.id, m);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("CONFLICT", { status: from }));
    expect((await getOrder(game.secretKey, before.id)).body).toEqual(before);
    expect(await outboxOf(before.id)).toEqual(outbox);
    expect(await ledgerOfOrder(before.id)).toEqual(ledger);
  });
});

describe("test helpers", () => {
  const helpers: HelperMove[] = ["pay", "decline", "cancel", "expire", "chargeback"];

  it.each(helpers)("%s with a live key answers 404 NOT_FOUND, for a test order and a live order", async (which) => {
    const testOrder = await newOrder(game.secretKey, "p500");
    const liveOrder = await newOrder(game.liveSecretKey, "free");
    for (const id of [testOrder.id, liveOrder.id]) {
      const response = await helper(game.liveSecretKey, id, which);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
    expect((await getOrder(game.secretKey, testOrder.id)).body).toEqual(testOrder);
    expect((await getOrder(game.liveSecretKey, liveOrder.id)).body).toEqual(liveOrder);
  });

  it.each(helpers)("%s on an unknown, malformed or live order with the test key answers 404 NOT_FOUND", async (which) => {
    const liveOrder = await newOrder(game.liveSecretKey, "free");
    for (const id of ["0123456789abcdef01234567", "not-an-id", liveOrder.id]) {
      const response = await helper(game.secretKey, id, which);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(apiError("NOT_FOUND"));
    }
    expect((await getOrder(game.liveSecretKey, liveOrder.id)).body.status).toBe("pending");
  });

  it("take no Idempotency-Key and refuse an unknown body field", async () => {
    const order = await newOrder(game.secretKey, "p500");
    const response = await helper(game.secretKey, order.id, "pay", { country: "FR", extra: 1 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(apiError("VALIDATION_FAILED", { fieldErrors: { extra: ["Unknown field"] } }));
    expect((await getOrder(game.secretKey, order.id)).body.status).toBe("pending");
  });

  it("a second pay answers 409 and changes nothing", async () => {
    const order = await newOrder(game.secretKey, "p500");
    expectOk(await helper(game.secretKey, order.id, "pay"), "pay");
    const after = (await getOrder(game.secretKey, order.id)).body;
    const again = await helper(game.secretKey, order.id, "pay");
    expect(again.status).toBe(409);
    expect(again.body).toEqual(apiError("CONFLICT", { status: "fulfilled" }));
    expect((await getOrder(game.secretKey, order.id)).body).toEqual(after);
  });

  it("the paid state reached through the database is charged back without taking anything back", async () => {
    const order = await orderIn("paid");
    const response = await helper(game.secretKey, order.id, "chargeback");
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("chargeback");
    expect(await ledgerOfOrder(order.id)).toEqual([]);
    const events = await outboxOf(order.id);
    expect(events.map((e) => [e.id, e.type])).toEqual([[`evt_${order.id}_chb`, "order.chargeback"]]);
  });
});
