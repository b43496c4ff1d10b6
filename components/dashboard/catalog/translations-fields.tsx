"use client";

import { catalogLocales, type CatalogLocale, type CatalogTranslations } from "@/db/schema/catalog";
import { Field, TextInput } from "@/components/ui/primitives";

export type TranslationRows = Record<CatalogLocale, { name: string; description: string }>;

const localeNames: Record<CatalogLocale, string> = { fr: "French", en: "English", nl: "Dutch" };
const textarea =
  "w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-500/40";

export function translationRows(stored: CatalogTranslations | undefined): TranslationRows {
  const rows = {} as TranslationRows;
  for (const locale of catalogLocales) rows[locale] = { name: stored?.[locale]?.name ?? "", description: stored?.[locale]?.description ?? "" };
  return rows;
}

/** What the form sends; the server trims and drops blank ones, so a cleared field removes the translation. */
export function translationsInput(rows: TranslationRows, withDescription: boolean): CatalogTranslations {
  const out: CatalogTranslations = {};
  for (const locale of catalogLocales) out[locale] = withDescription ? { ...rows[locale] } : { name: rows[locale].name };
  return out;
}

/**
 * The payment page's names (and descriptions) per language. Empty fields fall back to the base name;
 * the public API never shows translations.
 */
export function TranslationsFields({
  rows,
  onChange,
  withDescription,
  errors,
}: {
  rows: TranslationRows;
  onChange: (rows: TranslationRows) => void;
  withDescription: boolean;
  errors: Record<string, string[] | undefined>;
}) {
  const set = (locale: CatalogLocale, field: "name" | "description", value: string) => onChange({ ...rows, [locale]: { ...rows[locale], [field]: value } });
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" data-testid="translations">
      <legend className="px-1 text-sm font-medium text-slate-800">Translations</legend>
      <p className="text-xs text-slate-600">Shown on the payment page in that language. Leave empty to use the name above.</p>
      <div className="mt-3 space-y-4">
        {catalogLocales.map((locale) => (
          <fieldset key={locale} className="space-y-3">
            <legend className="text-xs font-semibold uppercase tracking-wide text-slate-700">
              {localeNames[locale]} ({locale})
            </legend>
            <Field label={`Name in ${localeNames[locale]}`} error={errors[`translations.${locale}.name`]}>
              <TextInput value={rows[locale].name} onChange={(e) => set(locale, "name", e.target.value)} maxLength={80} lang={locale} />
            </Field>
            {withDescription && (
              <Field label={`Description in ${localeNames[locale]}`} error={errors[`translations.${locale}.description`]}>
                <textarea value={rows[locale].description} onChange={(e) => set(locale, "description", e.target.value)} rows={2} className={textarea} lang={locale} />
              </Field>
            )}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
