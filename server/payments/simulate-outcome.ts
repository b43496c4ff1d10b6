import "server-only";
import type { Db } from "@/db/client";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { chargebackOrder } from "@/server/orders/chargeback-order";
import { closeOrder } from "@/server/orders/close-order";
import type { OrderView } from "@/server/orders/order-view";
import { payOrder } from "@/server/orders/pay-order";
import { queueReceipt } from "./send-receipt";

export const simulatedOutcomes = ["pay", "decline", "cancel", "expire", "chargeback"] as const;
export type SimulatedOutcome = (typeof simulatedOutcomes)[number];

export const SIMULATION_REFUSED = "Simulated payments exist only in the test environment.";

/**
 * The one rule for completing an order without a provider's word: only in `test`, whatever provider
 * the environment uses (Stripe test mode moves no real money either, so a studio's test-helper suite
 * keeps working after it connects Stripe). Live money moves only through the provider's events.
 */
export function assertMaySimulate(scope: GameScope): void {
  if (scope.env !== "test") throw new AppError("FORBIDDEN", SIMULATION_REFUSED);
}

export type SimulateOptions = { country?: string };

export type SimulatedOrderOutcome = { orderId: string; outcome: SimulatedOutcome } & SimulateOptions;

/**
 * The simulator's outcomes, for the hosted page's test buttons, the REST test helpers and the
 * dashboard's sandbox: each is the same order move a real provider's event would make, and a payment
 * mails the same receipt.
 */
export async function simulateOutcome(db: Db, scope: GameScope, { orderId, outcome, ...options }: SimulatedOrderOutcome): Promise<OrderView> {
  assertMaySimulate(scope);
  switch (outcome) {
    case "pay":
      return db.transaction(async (tx) => {
        const view = await payOrder(tx, scope, { orderId, ...(options.country === undefined ? {} : { country: options.country }) });
        await queueReceipt(tx, scope, orderId);
        return view;
      });
    case "chargeback":
      return chargebackOrder(db, scope, { orderId });
    default:
      return closeOrder(db, scope, { orderId, move: outcome });
  }
}
