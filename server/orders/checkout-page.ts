import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, items, packs, type PaymentProviderName } from "@/db/schema";
import { itemEuroEquivalents } from "@/server/catalog/euro-equivalent";
import { localizedName } from "@/server/catalog/localized-name";
import { getGame } from "@/server/games/game-settings";
import { getSellerIdentity } from "@/server/games/seller-identity";
import { allowedOrigins } from "@/server/keys/allowed-origins";
import type { GameScope } from "@/server/lib/scope";
import { paymentMethodsFor, paymentProviderNameFor } from "@/server/payments/provider-for";
import { clock } from "@/server/lib/clock";
import { euCountries, vatFor, type VatBreakdown } from "@/server/vat/eu-vat";
import { shownCountry } from "./buyer-country";
import { findOrderByCheckoutToken } from "./find-order";
import { pickLocale, type Locale } from "./locales";
import { isPastExpiry } from "./order-expiry";
import { toOrderView, type OrderRow, type OrderView } from "./order-view";

export type CheckoutPageData = {
  scope: GameScope;
  order: OrderView;
  gameName: string;
  /** The page's language: the checkout's, else the browser's, else French. */
  locale: Locale;
  /** The pack's name in that language (the studio's translation), else the name the order was sold under. */
  packName: string;
  /** Coins the pack gives, with display names in the page's language. */
  coins: { name: string; amount: number; bonus: number }[];
  /** `euroCents`: one unit's coin price in euros, where the catalog lets it be computed (euro-equivalent.ts), else null. */
  items: { name: string; quantity: number; euroCents: number | null }[];
  countries: string[];
  /** The country the page preselects: the order's, or the browser's when the order's is only the fallback (buyer-country.ts). */
  shownCountry: string;
  /** The order's VAT split for each country of the list, as Pay would charge it now: the price follows the select. */
  prices: VatBreakdown[];
  simulated: boolean;
  /** The environment's provider. */
  provider: PaymentProviderName;
  /** A Checkout Session has been started for the order (the buyer went to the provider's page). */
  providerSessionId: string | null;
  /** The methods the buyer will find at the provider, by their brand names; null: the provider's default. */
  paymentMethods: string[] | null;
  seller: SellerIdentity;
  expiresAt: string;
  expired: boolean;
  successUrl: string | null;
  cancelUrl: string | null;
  /** Target origins of the confirmation message, one postMessage each; empty means do not post. */
  messageOrigins: string[];
};

/** Who sells, as the hosted page must show it (EU consumer law); each field null until the studio sets it. */
export type SellerIdentity = { name: string | null; address: string | null; email: string | null; vatNumber: string | null; termsUrl: string | null; privacyUrl: string | null };

export async function sellerOf(db: Db, gameId: string): Promise<SellerIdentity> {
  const seller = await getSellerIdentity(db, gameId);
  return { name: seller.sellerName, address: seller.sellerAddress, email: seller.sellerEmail, vatNumber: seller.sellerVatNumber, termsUrl: seller.termsUrl, privacyUrl: seller.privacyUrl };
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

/** Display names of what an order sold, in one language: translations from the order's own catalog (its environment's). */
export type OrderNames = { pack: string; currency: (code: string) => string; item: (sku: string) => string };

export type OrderNamesOptions = { soldItems: { sku: string }[]; locale: Locale };

/**
 * The pack, currency and item names of an order in `locale`: the studio's translation, else the base
 * name (the pack's as the order recorded it when sold), else the code itself (an entry deleted since).
 */
export async function localizedOrderNames(
  db: Db,
  order: Pick<OrderRow, "gameId" | "env" | "packSku" | "packName" | "grants">,
  { soldItems, locale }: OrderNamesOptions,
): Promise<OrderNames> {
  const codes = order.grants.map((g) => g.currency);
  const skus = soldItems.map((i) => i.sku);
  const inGame = { gameId: order.gameId, env: order.env };
  const [packRows, currencyRows, itemRows] = await Promise.all([
    db
      .select({ translations: packs.translations })
      .from(packs)
      .where(and(eq(packs.gameId, inGame.gameId), eq(packs.env, inGame.env), eq(packs.sku, order.packSku)))
      .limit(1),
    codes.length
      ? db
          .select({ code: currencies.code, name: currencies.name, translations: currencies.translations })
          .from(currencies)
          .where(and(eq(currencies.gameId, inGame.gameId), eq(currencies.env, inGame.env), inArray(currencies.code, codes)))
      : [],
    skus.length
      ? db
          .select({ sku: items.sku, name: items.name, translations: items.translations })
          .from(items)
          .where(and(eq(items.gameId, inGame.gameId), eq(items.env, inGame.env), inArray(items.sku, skus)))
      : [],
  ]);
  const currencyName = new Map(currencyRows.map((c) => [c.code, localizedName(c, locale)]));
  const itemName = new Map(itemRows.map((i) => [i.sku, localizedName(i, locale)]));
  return {
    pack: localizedName({ name: order.packName, translations: packRows[0]?.translations ?? null }, locale),
    currency: (code) => currencyName.get(code) ?? code,
    item: (sku) => itemName.get(sku) ?? sku,
  };
}

/**
 * Everything the hosted payment page and its confirmation show, found by the page's token, in the
 * page's language (`acceptLanguage`: the browser's header, used when the checkout named no locale).
 */
export async function getCheckoutPage(db: Db, token: string, acceptLanguage: string | null = null): Promise<CheckoutPageData | null> {
  const order = await findOrderByCheckoutToken(db, token);
  if (!order) return null;
  const scope: GameScope = { gameId: order.gameId, env: order.env };
  const locale = pickLocale(order.locale, acceptLanguage);
  const game = await getGame(db, order.gameId);
  const now = clock.now();
  const [names, provider, seller, messageOrigins, euroEquivalents, methods] = await Promise.all([
    localizedOrderNames(db, order, { soldItems: order.items, locale }),
    paymentProviderNameFor(db, scope),
    sellerOf(db, order.gameId),
    messageOriginsOf(db, scope, order.returnOrigin),
    itemEuroEquivalents(db, scope, { skus: order.items.map((i) => i.sku), now }),
    paymentMethodsFor(db, scope),
  ]);
  return {
    scope,
    order: toOrderView(order),
    gameName: game.name,
    locale,
    packName: names.pack,
    coins: order.grants.map((g) => ({ name: names.currency(g.currency), amount: g.amount, bonus: g.bonus })),
    items: order.items.map((i) => ({ name: names.item(i.sku), quantity: i.quantity, euroCents: euroEquivalents.get(i.sku) ?? null })),
    countries: euCountries,
    shownCountry: shownCountry(order, acceptLanguage),
    prices: euCountries.map((country) => vatFor(order.amountCents, country, now)),
    simulated: order.env === "test" && provider === "simulator",
    provider,
    providerSessionId: order.providerSessionId,
    paymentMethods: provider === "stripe" || provider === "mollie" ? methods : null,
    seller,
    expiresAt: order.expiresAt.toISOString(),
    expired: isPastExpiry(order),
    successUrl: order.successUrl,
    cancelUrl: order.cancelUrl,
    messageOrigins,
  };
}
