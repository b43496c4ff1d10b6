import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { players } from "@/db/schema";
import { receiptMail } from "@/server/email/receipt-mail";
import { queueMail } from "@/server/email/mail-outbox";
import type { OutgoingMail } from "@/server/email/outgoing-mail";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import { pickLocale } from "@/server/orders/locales";
import { childLogger } from "@/server/observability/logger";
import { receiptFacts } from "./receipt-facts";

const log = childLogger({ module: "mail" });

/**
 * The receipt mail of a fulfilled order, or null when the player has no address (neither one the
 * studio gave, `players.email`, nor one proven by an e-mail code, `linkedEmail`) or the order is not
 * fulfilled. It states what the receipt page states (receipt-facts.ts) and links that page. Reads only.
 */
export async function receiptFor(db: Db, scope: GameScope, orderId: string): Promise<OutgoingMail | null> {
  const order = await findOrder(db, scope, { orderId });
  if (order.status !== "fulfilled") return null;
  const playerRows = await db.select({ email: players.email, linkedEmail: players.linkedEmail }).from(players).where(eq(players.id, order.playerId)).limit(1);
  const to = playerRows[0]?.email ?? playerRows[0]?.linkedEmail;
  if (!to) return null;
  const facts = await receiptFacts(db, order, pickLocale(order.locale, null));
  return { to, fromName: facts.gameName, ...receiptMail(facts.locale, facts) };
}

/**
 * Queues the receipt of an order just fulfilled, in the fulfillment's own transaction (pass it): a
 * receipt for a rolled-back payment would be a lie, and one lost after the commit a broken promise.
 * Every path that fulfills calls it once: the simulator and free packs (simulateOutcome,
 * confirmFreeOrder) and the provider's events. The payment stands whatever happens to its receipt:
 * the receipt is built in a savepoint, and a failure there is logged and rolled back alone.
 */
export async function queueReceipt(tx: Db, scope: GameScope, orderId: string): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      const mail = await receiptFor(savepoint, scope, orderId);
      if (mail) await queueMail(savepoint, mail);
    });
  } catch (error) {
    log.error({ orderId, err: error }, "receipt not queued");
  }
}
