import "server-only";
import { isEuCountry } from "@/server/vat/eu-vat";
import { rankedLanguageTags } from "./locales";
import type { OrderRow } from "./order-view";

/**
 * The EU country a language most likely means, for the EU's official languages. One spoken in several
 * EU countries means its largest (de → DE, fr → FR, nl → NL, sv → SE, el → GR). English means none:
 * an `en` or `en-US` browser says nothing about where VAT is due.
 */
const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = {
  bg: "BG",
  cs: "CZ",
  da: "DK",
  de: "DE",
  el: "GR",
  es: "ES",
  et: "EE",
  fi: "FI",
  fr: "FR",
  ga: "IE",
  hr: "HR",
  hu: "HU",
  it: "IT",
  lt: "LT",
  lv: "LV",
  mt: "MT",
  nl: "NL",
  pl: "PL",
  pt: "PT",
  ro: "RO",
  sk: "SK",
  sl: "SI",
  sv: "SE",
};

/**
 * The buyer's likely country from the browser's Accept-Language, or null. Tags are read best first;
 * for each, its region when it is one we sell to (`nl-BE` → BE, `fr-LU` → LU), else its language's
 * country (`fr` and `fr-CH` → FR, `nl` → NL); a tag that gives neither (`en-US`) passes to the next.
 */
export function countryFromAcceptLanguage(header: string | null): string | null {
  for (const tag of rankedLanguageTags(header)) {
    const [language = "", ...subtags] = tag.split("-");
    // The region is the two-letter subtag after the language (and an optional four-letter script: zh-Hant-TW).
    const region = subtags.find((subtag) => /^[a-z]{2}$/.test(subtag))?.toUpperCase();
    if (region && isEuCountry(region)) return region;
    const country = LANGUAGE_COUNTRY[language];
    if (country) return country;
  }
  return null;
}

/**
 * Whether the order's country is only the fallback nobody chose: the checkout named no country and the
 * player had none we sell to (recorded at checkout, `countryIsFallback`), untouched since (no "Update
 * price", no payment started). A checkout that passed `country: "BE"` is the game's choice and stays.
 */
export function hasFallbackCountry(order: Pick<OrderRow, "countryIsFallback" | "createdAt" | "updatedAt" | "providerSessionId" | "providerAttempt">): boolean {
  if (!order.countryIsFallback) return false;
  return order.updatedAt.getTime() === order.createdAt.getTime() && order.providerSessionId === null && order.providerAttempt === 0;
}

/** The country the payment page shows (and Pay charges unless the buyer picks another): the order's, or the browser's for a fallback. */
export function shownCountry(order: Parameters<typeof hasFallbackCountry>[0] & Pick<OrderRow, "country">, acceptLanguage: string | null): string {
  if (!hasFallbackCountry(order)) return order.country;
  return countryFromAcceptLanguage(acceptLanguage) ?? order.country;
}
