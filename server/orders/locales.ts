import "server-only";
export const locales = ["fr", "en", "nl"] as const;
export type Locale = (typeof locales)[number];
export const DEFAULT_LOCALE: Locale = "fr";

export function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value);
}

/** The first supported language of an Accept-Language header, by quality. */
export function localeFromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^q=([0-9.]+)$/.exec(p.trim())?.[1]).find((v) => v !== undefined);
      return { language: (tag ?? "").toLowerCase().split("-")[0] ?? "", quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) if (isLocale(entry.language)) return entry.language;
  return null;
}

/** Checkout locale, then the browser's languages, then French. */
export function pickLocale(orderLocale: string | null, acceptLanguage: string | null): Locale {
  if (orderLocale && isLocale(orderLocale)) return orderLocale;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
