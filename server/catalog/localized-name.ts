import "server-only";
import type { CatalogLocale, CatalogTranslations } from "@/db/schema";

/** A catalog entry as far as its display name goes: the base name and its per-locale names. */
export type NamedEntry = { name: string; translations: CatalogTranslations | null };

/**
 * The entry's name in a payment-page locale, or its base name when the studio gave none (a blank
 * translation counts as none: the buyer must never see an empty name).
 */
export function localizedName(entry: NamedEntry, locale: CatalogLocale): string {
  const translated = entry.translations?.[locale]?.name?.trim();
  return translated ? translated : entry.name;
}
