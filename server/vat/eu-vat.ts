import "server-only";
import { z } from "zod";
import { vatRateTable } from "./vat-rates";

/** The 27 EU member states we sell to, alphabetical by code. */
export const euCountries = [...new Set(vatRateTable.map((line) => line.country))].sort();

export const DEFAULT_COUNTRY = "BE";

export function isEuCountry(country: string): boolean {
  return euCountries.includes(country);
}

export const EU_COUNTRY_REQUIRED = "Must be one of the 27 EU countries (ISO 3166-1 alpha-2)";

export const EuCountry = z
  .string()
  .transform((value) => value.toUpperCase())
  .refine(isEuCountry, EU_COUNTRY_REQUIRED);

/** The standard rate of `country` on `at` (the last line whose start date is not after it). */
export function vatRateBp(country: string, at: Date): number {
  const day = at.toISOString().slice(0, 10);
  let rate: number | null = null;
  let since = "";
  for (const line of vatRateTable) {
    if (line.country === country && line.from <= day && line.from >= since) {
      rate = line.rateBp;
      since = line.from;
    }
  }
  if (rate === null) throw new Error(`No VAT rate for ${country} on ${day}`);
  return rate;
}

export type VatBreakdown = { country: string; vatRateBp: number; vatCents: number; netCents: number };

/**
 * VAT included in a gross price: round(amount × rate ÷ (10000 + rate)), half up, in integers so no
 * floating point error can move a cent.
 */
export function vatIncluded(amountCents: number, rateBp: number): { vatCents: number; netCents: number } {
  const denominator = 10_000 + rateBp;
  const vatCents = Math.floor((2 * amountCents * rateBp + denominator) / (2 * denominator));
  return { vatCents, netCents: amountCents - vatCents };
}

export function vatFor(amountCents: number, country: string, at: Date): VatBreakdown {
  const rate = vatRateBp(country, at);
  return { country, vatRateBp: rate, ...vatIncluded(amountCents, rate) };
}

/** The buyer's country: the one asked for, else the player's when we sell there, else Belgium. */
/** Whether checkoutCountry fell back to the default: neither the checkout nor the player named an EU country. */
export function isFallbackCountry(requested: string | undefined, playerCountry: string | null): boolean {
  return !requested && !(playerCountry && isEuCountry(playerCountry));
}

export function checkoutCountry(requested: string | undefined, playerCountry: string | null): string {
  if (requested) return requested;
  if (playerCountry && isEuCountry(playerCountry)) return playerCountry;
  return DEFAULT_COUNTRY;
}
