import { headers } from "next/headers";
import type { PayLocale } from "@/components/pay/messages";
import { pickLocale } from "@/server/orders/locales";

/** Checkout locale, then the browser's Accept-Language, then French. */
export async function pageLocale(orderLocale: string | null): Promise<PayLocale> {
  const acceptLanguage = (await headers()).get("accept-language");
  return pickLocale(orderLocale, acceptLanguage);
}
