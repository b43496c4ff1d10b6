/**
 * The one vocabulary of money on the dashboard (Overview, Revenue, creator sales, the chart). Every
 * label and hint about sales comes from here, so "gross" can never mean one thing on one page and
 * another elsewhere. docs/dashboard.md ("Money words") lists the same terms and their CSV columns.
 *
 * - Gross sales: what buyers paid, VAT included, BEFORE refunds and chargebacks (CSV `sales_gross_eur`).
 * - Refunds and chargebacks: what was given back, on the day it happened (`reversed_gross_eur`).
 * - Net sales (incl. VAT): gross sales minus refunds and chargebacks (`gross_eur`).
 * - VAT: the VAT in net sales, owed to the buyers' countries (`vat_eur`).
 * - Net sales (ex VAT): net sales without the VAT, what the studio keeps before fees (`net_eur`,
 *   creator payouts' `net_sales_eur`).
 */
export const money = {
  grossSales: { term: "Gross sales", hint: "VAT included, before refunds and chargebacks" },
  reversed: { term: "Refunds and chargebacks", hint: "Given back, on the day it happened" },
  netSalesInclVat: { term: "Net sales (incl. VAT)", hint: "After refunds and chargebacks, VAT included" },
  vat: { term: "VAT", hint: "In net sales, after refunds and chargebacks" },
  netSalesExVat: { term: "Net sales (ex VAT)", hint: "After refunds and chargebacks, without VAT" },
} as const;

export type MoneyTerm = keyof typeof money;

