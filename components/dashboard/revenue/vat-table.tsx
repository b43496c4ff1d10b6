"use client";

import { formatRate } from "@/components/dashboard/sales/format";
import { money } from "@/components/dashboard/sales/glossary";
import { NumberHead } from "@/components/dashboard/sales/stat";
import { useFormat } from "@/components/ui/format";
import { EmptyState, Table } from "@/components/ui/primitives";
import type { VatByCountry } from "@/server/revenue/vat-by-country";

const cell = "px-3 py-2 text-right tabular-nums";

/** The OSS figures: per member state and rate, the taxable amount, the VAT and the number of orders. */
export function VatTable({ report }: { report: VatByCountry }) {
  const f = useFormat();
  if (report.lines.length === 0) return <EmptyState title="No taxable sales in this period">Paid orders, refunds and chargebacks appear here by buyer country.</EmptyState>;
  return (
    <Table head={["Country", ...["VAT rate", "Orders", "Refunds / chargebacks", `Taxable amount: ${money.netSalesExVat.term}`, money.vat.term, money.netSalesInclVat.term].map((h) => <NumberHead key={h}>{h}</NumberHead>)]}>
      {report.lines.map((line) => (
        <tr key={`${line.country}:${line.vatRateBp}`} data-testid="vat-row">
          <td className="px-3 py-2 font-medium text-slate-900">{line.country}</td>
          <td className={cell}>{formatRate(line.vatRateBp)}</td>
          <td className={cell}>{f.number(line.sales)}</td>
          <td className={cell}>{f.number(line.refunds + line.chargebacks)}</td>
          <td className={cell}>{f.euros(line.netCents)}</td>
          <td className={cell}>{f.euros(line.vatCents)}</td>
          <td className={cell}>{f.euros(line.grossCents)}</td>
        </tr>
      ))}
      <tr className="bg-slate-50 font-semibold" data-testid="vat-total">
        <td className="px-3 py-2">Total</td>
        <td className={cell} />
        <td className={cell}>{f.number(report.totals.sales)}</td>
        <td className={cell}>{f.number(report.totals.refunds + report.totals.chargebacks)}</td>
        <td className={cell}>{f.euros(report.totals.netCents)}</td>
        <td className={cell}>{f.euros(report.totals.vatCents)}</td>
        <td className={cell}>{f.euros(report.totals.grossCents)}</td>
      </tr>
    </Table>
  );
}
