import "server-only";
export const locales = ["fr", "en", "nl"] as const;
export type Locale = (typeof locales)[number];
export const DEFAULT_LOCALE: Locale = "fr";

export function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value);
}

/** An Accept-Language header's tags (lower case), best first: by quality, then by their order; q=0 is left out. */
export function rankedLanguageTags(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^q=([0-9.]+)$/.exec(p.trim())?.[1]).find((v) => v !== undefined);
      return { tag: (tag ?? "").trim().toLowerCase(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== "" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first supported language of an Accept-Language header, by quality. */
export function localeFromAcceptLanguage(header: string | null): Locale | null {
  for (const tag of rankedLanguageTags(header)) {
    const language = tag.split("-")[0] ?? "";
    if (isLocale(language)) return language;
  }
  return null;
}

/** Checkout locale, then the browser's languages, then French. */
export function pickLocale(orderLocale: string | null, acceptLanguage: string | null): Locale {
  if (orderLocale && isLocale(orderLocale)) return orderLocale;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
