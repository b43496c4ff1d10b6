import "server-only";
import type { Db } from "@/db/client";
import { consumeLeftPurchases } from "./google-play/consume-google-play-purchase";
import { readVoidedPurchases } from "./google-play/voided-purchases-job";

/** The stores' share of the `payments` job: purchases still to consume, and voided purchases to claw back. */
export async function reconcileStores(db: Db): Promise<Record<string, number>> {
  const consumed = await consumeLeftPurchases(db);
  const voided = await readVoidedPurchases(db);
  return { storePurchasesConsumed: consumed, storeVoidedRead: voided.voidedRead, storeClawedBack: voided.clawedBack };
}
