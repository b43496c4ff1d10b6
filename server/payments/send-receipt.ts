import "server-only";
import { eq } from "drizzle-orm";
import { countryName } from "@/server/payments/countries";
import { formatEuros, formatRate } from "@/server/payments/pay-messages";
import type { Db } from "@/db/client";
import { games, players } from "@/db/schema";
import { receiptMail } from "@/server/email/receipt-mail";
import { queueMail } from "@/server/email/mail-outbox";
import type { OutgoingMail } from "@/server/email/outgoing-mail";
import type { GameScope } from "@/server/lib/scope";
import { localizedOrderNames } from "@/server/orders/checkout-page";
import { findOrder } from "@/server/orders/find-order";
import { pickLocale } from "@/server/orders/locales";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "mail" });

/**
 * The receipt mail of a fulfilled order, or null when the player has no address (neither one the
 * studio gave, `players.email`, nor one proven by an e-mail code, `linkedEmail`) or the order is not
 * fulfilled. Reads only.
 */
export async function receiptFor(db: Db, scope: GameScope, orderId: string): Promise<OutgoingMail | null> {
  const order = await findOrder(db, scope, orderId);
  if (order.status !== "fulfilled") return null;
  const [playerRows, gameRows] = await Promise.all([
    db.select({ email: players.email, linkedEmail: players.linkedEmail }).from(players).where(eq(players.id, order.playerId)).limit(1),
    db.select({ name: games.name, sellerName: games.sellerName }).from(games).where(eq(games.id, order.gameId)).limit(1),
  ]);
  const to = playerRows[0]?.email ?? playerRows[0]?.linkedEmail;
  const game = gameRows[0];
  if (!to || !game) return null;
  const locale = pickLocale(order.locale, null);
  const delivered = order.deliveredItems ?? order.items;
  const names = await localizedOrderNames(db, order, delivered, locale);
  const number = (n: number) => n.toLocaleString(locale);
  const credited = [
    ...order.grants.map((g) => `${names.currency(g.currency)}: ${number(g.amount + g.bonus)}`),
    ...delivered.map((i) => `${names.item(i.sku)} × ${number(i.quantity)}`),
  ];
  const when = order.fulfilledAt ?? order.paidAt ?? order.createdAt;
  const content = receiptMail(locale, {
    gameName: game.name,
    packName: names.pack,
    orderId: order.id,
    date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(when),
    country: countryName(order.country, locale),
    total: formatEuros(order.amountCents, locale),
    net: formatEuros(order.netCents, locale),
    vatRate: formatRate(order.vatRateBp, locale),
    vat: formatEuros(order.vatCents, locale),
    credited,
    seller: game.sellerName,
  });
  return { to, fromName: game.name, ...content };
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
