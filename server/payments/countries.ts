import type { PayLocale } from "./pay-messages";

export type CountryOption = { code: string; name: string };

const displayNames = new Map<PayLocale, Intl.DisplayNames>();
const collators = new Map<PayLocale, Intl.Collator>();

function namesIn(locale: PayLocale): Intl.DisplayNames {
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([locale], { type: "region" })));
  return names;
}

function collatorFor(locale: PayLocale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale)));
  return collator;
}

/** A country's name in the page's language: the one name the select, the receipt page and the receipt mail show. */
export function countryName(code: string, locale: PayLocale): string {
  return namesIn(locale).of(code) ?? code;
}

/**
 * The countries as the buyer reads them: by their name in the page's language, not by ISO code
 * (in French, DE "Allemagne" comes first; in Dutch, BE "België").
 */
export function countriesByName(codes: readonly string[], locale: PayLocale): CountryOption[] {
  const collator = collatorFor(locale);
  return codes.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => collator.compare(a.name, b.name));
}
