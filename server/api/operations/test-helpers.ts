import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { simulateOutcome, type SimulatedOutcome } from "@/server/payments/simulate-outcome";
import { EuCountry } from "@/server/vat/eu-vat";
import { defineOperation } from "../operation";
import { Order } from "../resource-schemas";

const PayRequest = z.strictObject({ country: EuCountry.optional() });
type PayRequest = z.infer<typeof PayRequest>;

type HelperContext = { db: Db; scope: GameScope; params: Record<string, string> };

/**
 * The simulator's outcome for the order in the path. Whether it may be simulated is decided by
 * simulateOutcome; these routes exist in test only, so a live key gets the 404 of an unknown route:
 * its refusal is only renamed here.
 */
async function simulate(ctx: HelperContext, outcome: SimulatedOutcome, country?: string) {
  try {
    return { body: await simulateOutcome(ctx.db, ctx.scope, { orderId: ctx.params.orderId ?? "", outcome, country }) };
  } catch (error) {
    if (error instanceof AppError && error.code === "FORBIDDEN") throw new AppError("NOT_FOUND", error.message);
    throw error;
  }
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

export const payOrderHelper = defineOperation({
  ...common,
  id: "testPayOrder",
  path: "/test-helpers/orders/{orderId}/pay",
  summary: "Test only: the buyer (optionally) picks a country, the payment succeeds and the order is fulfilled.",
  description:
    "Test keys only (a live key gets `404`). Simulates the buyer paying the pending order: it becomes `paid` then `fulfilled`, its coins and items are credited and `order.fulfilled` (and `wallet.credited`) are sent. `country` is the one the buyer picks on the payment page. `409 CONFLICT` when the order is not pending.",
  body: PayRequest,
  handle: (ctx) => simulate(ctx, "pay", ctx.body.country),
});

export const declineOrderHelper = defineOperation({
  ...common,
  id: "testDeclineOrder",
  path: "/test-helpers/orders/{orderId}/decline",
  summary: "Test only: the payment fails; the order becomes failed.",
  description:
    "Test keys only (a live key gets `404`). Simulates a refused payment: the pending order becomes `failed`. `409 CONFLICT` when the order is not pending.",
  handle: (ctx) => simulate(ctx, "decline"),
});

export const cancelOrderHelper = defineOperation({
  ...common,
  id: "testCancelOrder",
  path: "/test-helpers/orders/{orderId}/cancel",
  summary: "Test only: the buyer cancels; the order becomes canceled.",
  description:
    "Test keys only (a live key gets `404`). Simulates the buyer leaving the payment page: the pending order becomes `canceled`. `409 CONFLICT` when the order is not pending.",
  handle: (ctx) => simulate(ctx, "cancel"),
});

export const expireOrderHelper = defineOperation({
  ...common,
  id: "testExpireOrder",
  path: "/test-helpers/orders/{orderId}/expire",
  summary: "Test only: the pending order expires now.",
  description:
    "Test keys only (a live key gets `404`). The pending order expires now. `409 CONFLICT` when the order is not pending.",
  handle: (ctx) => simulate(ctx, "expire"),
});

export const chargebackOrderHelper = defineOperation({
  ...common,
  id: "testChargebackOrder",
  path: "/test-helpers/orders/{orderId}/chargeback",
  summary: "Test only: the payer disputes a paid order; coins and items are taken back.",
  description:
    "Test keys only (a live key gets `404`). Simulates a dispute on a paid order: coins and items are taken back (a debt when they were spent) and `order.chargeback` is sent. `409 CONFLICT` when the order's state does not allow a dispute.",
  handle: (ctx) => simulate(ctx, "chargeback"),
});
