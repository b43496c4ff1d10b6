"use client";

import { money } from "@/components/dashboard/sales/glossary";
import { NumberHead } from "@/components/dashboard/sales/stat";
import { useFormat } from "@/components/ui/format";
import { Table } from "@/components/ui/primitives";
import type { RevenueDay } from "@/server/revenue/daily-revenue";
import { dayLabel } from "./day-label";

/** Money taken back, shown negative; nothing taken back is €0.00, not "-€0.00". */
export function taken(reversedCents: number): number {
  return reversedCents === 0 ? 0 : -reversedCents;
}

const cell = "whitespace-nowrap px-3 py-2 text-right tabular-nums";

/** The chart's figures as a table: its text alternative, and what to read when exact cents matter. */
export function DaysTable({ days }: { days: RevenueDay[] }) {
  const f = useFormat();
  return (
    <Table
      head={[
        "Day (UTC)",
        ...["Orders", money.grossSales.term, money.reversed.term, money.netSalesInclVat.term, money.vat.term, money.netSalesExVat.term].map((h) => <NumberHead key={h}>{h}</NumberHead>),
      ]}
    >
      {days.map((d) => (
        <tr key={d.day} data-testid="revenue-day-row">
          <td className="whitespace-nowrap px-3 py-2 text-slate-900">{dayLabel(d.day)}</td>
          <td className={cell}>{f.number(d.sales)}</td>
          <td className={cell}>{f.euros(d.salesGrossCents)}</td>
          <td className={cell}>{f.euros(taken(d.reversedGrossCents))}</td>
          <td className={cell}>{f.euros(d.grossCents)}</td>
          <td className={cell}>{f.euros(d.vatCents)}</td>
          <td className={cell}>{f.euros(d.netCents)}</td>
        </tr>
      ))}
    </Table>
  );
}
