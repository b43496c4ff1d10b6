import { headers } from "next/headers";
import type { PayLocale } from "@/components/pay/messages";
import { pickLocale } from "@/server/orders/locales";

/** The browser's Accept-Language header, which chooses the page's language when the checkout named none. */
export async function acceptLanguage(): Promise<string | null> {
  return (await headers()).get("accept-language");
}

/** Checkout locale, then the browser's Accept-Language, then French. */
export async function pageLocale(orderLocale: string | null): Promise<PayLocale> {
  return pickLocale(orderLocale, await acceptLanguage());
}
