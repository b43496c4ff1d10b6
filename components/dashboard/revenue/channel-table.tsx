"use client";

import { money } from "@/components/dashboard/sales/glossary";
import { NumberHead } from "@/components/dashboard/sales/stat";
import { useFormat } from "@/components/ui/format";
import { Table } from "@/components/ui/primitives";
import type { RevenueByChannel, SalesChannel } from "@/server/revenue/revenue-by-channel";
import { taken } from "./days-table";

const cell = "px-3 py-2 text-right tabular-nums";

const channelName: Record<SalesChannel, string> = { web: "Web shop", app_store: "App Store", google_play: "Google Play" };

/** Orders paid, money in, money taken back and what remains, per channel (web shop, each store). */
export function ChannelTable({ report }: { report: RevenueByChannel }) {
  const f = useFormat();
  return (
    <div className="space-y-2">
      <Table
        label="Revenue by channel"
        caption="Revenue by channel"
        head={["Channel", ...["Orders paid", money.grossSales.term, money.reversed.term, money.netSalesInclVat.term, money.netSalesExVat.term].map((h) => <NumberHead key={h}>{h}</NumberHead>)]}
      >
        {report.lines.map((line) => (
          <tr key={line.channel} data-testid="channel-row">
            <th scope="row" className="px-3 py-2 font-medium text-slate-900">
              {channelName[line.channel]}
              {line.catalogPriceEquivalent && <span className="text-xs font-normal text-slate-600">{" (catalog price)"}</span>}
            </th>
            <td className={cell}>{f.number(line.sales)}</td>
            <td className={cell}>{f.euros(line.salesGrossCents)}</td>
            <td className={cell}>{f.euros(taken(line.reversedGrossCents))}</td>
            <td className={cell}>{f.euros(line.grossCents)}</td>
            <td className={cell}>{f.euros(line.netCents)}</td>
          </tr>
        ))}
        <tr className="bg-slate-50 font-semibold" data-testid="channel-total">
          <th scope="row" className="px-3 py-2 text-left">
            Total
          </th>
          <td className={cell}>{f.number(report.totals.sales)}</td>
          <td className={cell}>{f.euros(report.totals.salesGrossCents)}</td>
          <td className={cell}>{f.euros(taken(report.totals.reversedGrossCents))}</td>
          <td className={cell}>{f.euros(report.totals.grossCents)}</td>
          <td className={cell}>{f.euros(report.totals.netCents)}</td>
        </tr>
      </Table>
      <p className="text-xs text-slate-600">
        App Store and Google Play rows are catalog-price equivalents: the store is the merchant of record, charges its own price in the buyer&apos;s currency, keeps the VAT and
        its fee, and pays you itself. Each store order shows the store&apos;s real price.
      </p>
    </div>
  );
}
