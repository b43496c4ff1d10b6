import "server-only";
import type { Db } from "@/db/client";
import { getGame } from "@/server/games/game-settings";
import { localizedOrderNames, sellerOf, type SellerIdentity } from "@/server/orders/checkout-page";
import type { Locale } from "@/server/orders/locales";
import type { OrderRow } from "@/server/orders/order-view";
import { consentWordingOf } from "./consent-wording";
import { countryName } from "./countries";
import { formatEuros, formatRate, payMessages } from "./pay-messages";
import { receiptUrlOf } from "./receipt-link";

/**
 * Everything a paid order's confirmation states on a durable medium (Directive 2011/83/EU art. 8(7)):
 * the seller, the pack, its price and VAT, what it credited, and the consent to immediate delivery
 * with the loss of the withdrawal right (art. 16(m)). Already formatted in the buyer's language; the
 * receipt page and the receipt mail print these same facts.
 */
export type ReceiptFacts = {
  locale: Locale;
  orderId: string;
  gameName: string;
  seller: SellerIdentity;
  packName: string;
  date: string;
  country: string;
  total: string;
  net: string;
  vatLabel: string;
  vat: string;
  credited: string[];
  /** The waiver statement: the consent's time and wording, or that none was recorded (a test helper's payment). */
  consent: { heading: string; text: string; version: string | null };
  refunded: string | null;
  receiptUrl: string;
};

export async function receiptFacts(db: Db, order: OrderRow, locale: Locale): Promise<ReceiptFacts> {
  const t = payMessages[locale];
  const delivered = order.deliveredItems ?? order.items;
  const [game, seller, names] = await Promise.all([getGame(db, order.gameId), sellerOf(db, order.gameId), localizedOrderNames(db, order, { soldItems: delivered, locale })]);
  const number = (n: number) => n.toLocaleString(locale);
  const dateOf = (when: Date) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(when);
  const wording = consentWordingOf(order.consentVersion, locale);
  return {
    locale,
    orderId: order.id,
    gameName: game.name,
    seller,
    packName: names.pack,
    date: dateOf(order.fulfilledAt ?? order.paidAt ?? order.createdAt),
    country: countryName(order.country, locale),
    total: formatEuros(order.amountCents, locale),
    net: formatEuros(order.netCents, locale),
    vatLabel: t.vat(formatRate(order.vatRateBp, locale)),
    vat: formatEuros(order.vatCents, locale),
    credited: [
      ...order.grants.map((g) => `${names.currency(g.currency)}: ${number(g.amount + g.bonus)}`),
      ...delivered.map((i) => `${names.item(i.sku)} × ${number(i.quantity)}`),
    ],
    consent: { heading: wording.heading, text: order.consentAt ? wording.confirmation(dateOf(order.consentAt)) : t.noConsent, version: order.consentAt ? order.consentVersion : null },
    refunded: order.refundedAt ? t.refundedOn(dateOf(order.refundedAt)) : null,
    receiptUrl: receiptUrlOf(order.id),
  };
}
