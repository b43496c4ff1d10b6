import "server-only";
/**
 * Standard VAT rates of the 27 EU member states, in basis points, with the date each rate applies from.
 * Digital goods sold to consumers are taxed at the buyer country's standard rate (EU OSS).
 * A new rate is added as a new line with its start date; old lines stay for orders of the past.
 */
export type VatRateLine = { country: string; rateBp: number; from: string };

export const vatRateTable: readonly VatRateLine[] = [
  { country: "AT", rateBp: 2000, from: "2016-01-01" },
  { country: "BE", rateBp: 2100, from: "1996-01-01" },
  { country: "BG", rateBp: 2000, from: "2007-01-01" },
  { country: "HR", rateBp: 2500, from: "2013-07-01" },
  { country: "CY", rateBp: 1900, from: "2014-01-13" },
  { country: "CZ", rateBp: 2100, from: "2013-01-01" },
  { country: "DK", rateBp: 2500, from: "1992-01-01" },
  { country: "EE", rateBp: 2000, from: "2009-07-01" },
  { country: "EE", rateBp: 2200, from: "2024-01-01" },
  { country: "EE", rateBp: 2400, from: "2025-07-01" },
  { country: "FI", rateBp: 2400, from: "2013-01-01" },
  { country: "FI", rateBp: 2550, from: "2024-09-01" },
  { country: "FR", rateBp: 2000, from: "2014-01-01" },
  { country: "DE", rateBp: 1900, from: "2007-01-01" },
  { country: "DE", rateBp: 1600, from: "2020-07-01" },
  { country: "DE", rateBp: 1900, from: "2021-01-01" },
  { country: "GR", rateBp: 2400, from: "2016-06-01" },
  { country: "HU", rateBp: 2700, from: "2012-01-01" },
  { country: "IE", rateBp: 2300, from: "2012-01-01" },
  { country: "IE", rateBp: 2100, from: "2020-09-01" },
  { country: "IE", rateBp: 2300, from: "2021-03-01" },
  { country: "IT", rateBp: 2200, from: "2013-10-01" },
  { country: "LV", rateBp: 2100, from: "2011-01-01" },
  { country: "LT", rateBp: 2100, from: "2009-09-01" },
  { country: "LU", rateBp: 1700, from: "2015-01-01" },
  { country: "LU", rateBp: 1600, from: "2023-01-01" },
  { country: "LU", rateBp: 1700, from: "2024-01-01" },
  { country: "MT", rateBp: 1800, from: "2004-01-01" },
  { country: "NL", rateBp: 2100, from: "2012-10-01" },
  { country: "PL", rateBp: 2300, from: "2011-01-01" },
  { country: "PT", rateBp: 2300, from: "2011-01-01" },
  { country: "RO", rateBp: 1900, from: "2017-01-01" },
  { country: "RO", rateBp: 2100, from: "2025-08-01" },
  { country: "SK", rateBp: 2000, from: "2011-01-01" },
  { country: "SK", rateBp: 2300, from: "2025-01-01" },
  { country: "SI", rateBp: 2200, from: "2013-07-01" },
  { country: "ES", rateBp: 2100, from: "2012-09-01" },
  { country: "SE", rateBp: 2500, from: "1990-07-01" },
];
