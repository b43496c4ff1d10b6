import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, items } from "@/db/schema";
import { getGame } from "@/server/games/game-settings";
import type { GameScope } from "@/server/lib/scope";
import { paymentProviderNameFor } from "@/server/payments/provider-for";
import { euCountries } from "@/server/vat/eu-vat";
import { findOrderByCheckoutToken } from "./find-order";
import { isPastExpiry } from "./order-expiry";
import { toOrderView, type OrderView } from "./order-view";

export type CheckoutPageData = {
  scope: GameScope;
  order: OrderView;
  gameName: string;
  locale: string | null;
  /** Coins the pack gives, with display names. */
  coins: { name: string; amount: number; bonus: number }[];
  items: { name: string; quantity: number }[];
  countries: string[];
  simulated: boolean;
  expiresAt: string;
  expired: boolean;
  successUrl: string | null;
  cancelUrl: string | null;
  /** Target origin of the confirmation message; null means do not post. */
  messageOrigin: string | null;
};

/**
 * Everything the hosted payment page shows, found by the page's token. The confirmation message goes
 * to the checkout's origin; `*` only in test when no origin is known, never in live.
 */
export async function getCheckoutPage(db: Db, token: string): Promise<CheckoutPageData | null> {
  const order = await findOrderByCheckoutToken(db, token);
  if (!order) return null;
  const scope: GameScope = { gameId: order.gameId, env: order.env };
  const game = await getGame(db, order.gameId);
  const currencyCodes = order.grants.map((g) => g.currency);
  const skus = order.items.map((i) => i.sku);
  const [currencyRows, itemRows] = await Promise.all([
    currencyCodes.length ? db.select().from(currencies).where(and(eq(currencies.gameId, order.gameId), inArray(currencies.code, currencyCodes))) : [],
    skus.length ? db.select().from(items).where(and(eq(items.gameId, order.gameId), inArray(items.sku, skus))) : [],
  ]);
  const currencyName = new Map(currencyRows.map((c) => [c.code, c.name]));
  const itemName = new Map(itemRows.map((i) => [i.sku, i.name]));
  return {
    scope,
    order: toOrderView(order),
    gameName: game.name,
    locale: order.locale,
    coins: order.grants.map((g) => ({ name: currencyName.get(g.currency) ?? g.currency, amount: g.amount, bonus: g.bonus })),
    items: order.items.map((i) => ({ name: itemName.get(i.sku) ?? i.sku, quantity: i.quantity })),
    countries: euCountries,
    simulated: order.env === "test" && (await paymentProviderNameFor(db, scope)) === "simulator",
    expiresAt: order.expiresAt.toISOString(),
    expired: isPastExpiry(order),
    successUrl: order.successUrl,
    cancelUrl: order.cancelUrl,
    messageOrigin: order.returnOrigin ?? (order.env === "test" ? "*" : null),
  };
}
