import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { simulateOutcome, SIMULATION_REFUSED } from "@/server/payments/simulate-outcome";
import { confirmFreeOrder } from "@/server/payments/confirm-free-order";
import { AppError } from "@/server/lib/errors";
import { extRef, useDatabase } from "../harness";
import { gameIdOf } from "../domain-helpers";
import { createSalesGame, helper, orderRow, type ErrorBody } from "../order-helpers";
import { pendingOrder, submit, useStripe, type TestGame } from "./checkout-helpers";

useDatabase();

let game: TestGame;
let gameId: string;
beforeAll(async () => {
  game = await createSalesGame();
  gameId = await gameIdOf(game);
  // Live sells through Stripe (no Stripe call is made by these tests).
  await useStripe(gameId, "live", "sk_live_simulatedoutcomes1");
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("one rule for simulated outcomes: test only", () => {
  it.each(["pay", "decline", "cancel", "expire", "chargeback"] as const)("%s is refused in live by the domain function, before the order is read", async (outcome) => {
    const error = await refusal(simulateOutcome(await getDb(), { gameId, env: "live" }, { orderId: "no-such-order", outcome }));
    expect({ code: error.code, message: error.message }).toEqual({ code: "FORBIDDEN", message: SIMULATION_REFUSED });
  });

  it("the REST test helper answers a live key 404, as an unknown route, and the order is unchanged", async () => {
    const order = await pendingOrder(game.liveSecretKey, extRef("live"));
    const response = await helper<ErrorBody>(game.liveSecretKey, order.orderId, "pay");
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ code: "NOT_FOUND", message: SIMULATION_REFUSED });
    expect((await orderRow(order.orderId)).status).toBe("pending");
  });

  it("the hosted page's decline form in live changes nothing and shows the page again", async () => {
    const order = await pendingOrder(game.liveSecretKey, extRef("form"));
    const response = await submit(order.token, "decline", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://localhost:3000/pay/${order.token}`);
    expect((await orderRow(order.orderId)).status).toBe("pending");
  });

  it("a test environment that sells through Stripe still takes the test helpers", async () => {
    await useStripe(gameId, "test", "sk_test_simulatedoutcomes1");
    const order = await pendingOrder(game.secretKey, extRef("stripe-test"));
    const response = await helper(game.secretKey, order.orderId, "pay");
    expect(response.status).toBe(200);
    expect((await orderRow(order.orderId)).status).toBe("fulfilled");
  });
});

describe("confirmFreeOrder", () => {
  it("refuses a paid order (402) and leaves it pending", async () => {
    const order = await pendingOrder(game.secretKey, extRef("paid"));
    const error = await refusal(confirmFreeOrder(await getDb(), { gameId, env: "test" }, { orderId: order.orderId }));
    expect(error.code).toBe("PAYMENT_FAILED");
    expect((await orderRow(order.orderId)).status).toBe("pending");
  });

  it("confirms a free pack in live, where there is no simulator", async () => {
    const order = await pendingOrder(game.liveSecretKey, extRef("free"), { packSku: "free" });
    const response = await submit(order.token, "pay", { country: "FR" });
    expect(response.headers.get("location")).toBe(`http://localhost:3000/pay/${order.token}/done`);
    expect((await orderRow(order.orderId)).status).toBe("fulfilled");
  });
});
