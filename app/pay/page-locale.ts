import type { Metadata } from "next";
import { headers } from "next/headers";
import { cache } from "react";
import { getDb } from "@/server/db/connection";
import { payMessages, type PayLocale } from "@/server/payments/pay-messages";
import { getCheckoutPage } from "@/server/orders/checkout-page";
import { pickLocale } from "@/server/orders/locales";

/** The browser's Accept-Language header, which chooses the page's language when the checkout named none. */
export async function acceptLanguage(): Promise<string | null> {
  return (await headers()).get("accept-language");
}

/** Checkout locale, then the browser's Accept-Language, then French. */
export async function pageLocale(orderLocale: string | null): Promise<PayLocale> {
  return pickLocale(orderLocale, await acceptLanguage());
}

/** The hosted page's data, read once per request whether the title or the page asks first. */
export const checkoutPageFor = cache(async (token: string) => getCheckoutPage(await getDb(), token, await acceptLanguage()));

/** The tab's title in the page's language ("Paiement · E2E Quest"); hosted pages are never indexed. */
export async function payMetadata(token: string): Promise<Metadata> {
  const page = await checkoutPageFor(token);
  const locale = page?.locale ?? (await pageLocale(null));
  return { title: `${payMessages[locale].title} · ${page?.gameName ?? "Gamecoin"}`, robots: { index: false } };
}
