import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, items, type PaymentProviderName } from "@/db/schema";
import { getGame } from "@/server/games/game-settings";
import { getSellerIdentity } from "@/server/games/seller-identity";
import { allowedOrigins } from "@/server/keys/allowed-origins";
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
  /** The environment's provider; `stripe` asks for the EU digital-content consent before Pay. */
  provider: PaymentProviderName;
  /** A Checkout Session has been started for the order (the buyer went to the provider's page). */
  providerSessionId: string | null;
  seller: SellerIdentity;
  expiresAt: string;
  expired: boolean;
  successUrl: string | null;
  cancelUrl: string | null;
  /** Target origins of the confirmation message, one postMessage each; empty means do not post. */
  messageOrigins: string[];
};

/** Who sells, as the hosted page must show it (EU consumer law); each field null until the studio sets it. */
export type SellerIdentity = { name: string | null; address: string | null; email: string | null; termsUrl: string | null; privacyUrl: string | null };

async function sellerOf(db: Db, gameId: string): Promise<SellerIdentity> {
  const seller = await getSellerIdentity(db, gameId);
  return { name: seller.sellerName, address: seller.sellerAddress, email: seller.sellerEmail, termsUrl: seller.termsUrl, privacyUrl: seller.privacyUrl };
}

/**
 * Where the confirmation page posts the `gamecoin:order` message. The checkout's own origin when it
 * named one (its success or cancel URL, or the browser that created it); otherwise, in live, each of
 * the game's allowed origins: the browser delivers a message only when the opener's origin is its
 * target, so at most the one that matches receives it and no other site ever does. `*` only in test.
 */
async function messageOriginsOf(db: Db, scope: GameScope, returnOrigin: string | null): Promise<string[]> {
  if (returnOrigin) return [returnOrigin];
  if (scope.env === "test") return ["*"];
  return allowedOrigins(db, scope);
}

/**
 * Everything the hosted payment page and its confirmation show, found by the page's token.
 */
export async function getCheckoutPage(db: Db, token: string): Promise<CheckoutPageData | null> {
  const order = await findOrderByCheckoutToken(db, token);
  if (!order) return null;
  const scope: GameScope = { gameId: order.gameId, env: order.env };
  const game = await getGame(db, order.gameId);
  const currencyCodes = order.grants.map((g) => g.currency);
  const skus = order.items.map((i) => i.sku);
  const [currencyRows, itemRows, provider, seller, messageOrigins] = await Promise.all([
    currencyCodes.length ? db.select().from(currencies).where(and(eq(currencies.gameId, order.gameId), inArray(currencies.code, currencyCodes))) : [],
    skus.length ? db.select().from(items).where(and(eq(items.gameId, order.gameId), inArray(items.sku, skus))) : [],
    paymentProviderNameFor(db, scope),
    sellerOf(db, order.gameId),
    messageOriginsOf(db, scope, order.returnOrigin),
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
    simulated: order.env === "test" && provider === "simulator",
    provider,
    providerSessionId: order.providerSessionId,
    seller,
    expiresAt: order.expiresAt.toISOString(),
    expired: isPastExpiry(order),
    successUrl: order.successUrl,
    cancelUrl: order.cancelUrl,
    messageOrigins,
  };
}
