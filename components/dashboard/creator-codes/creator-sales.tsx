"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatCents, formatRate } from "@/components/dashboard/sales/format";
import { PeriodPicker, type Period } from "@/components/dashboard/sales/period-picker";
import { NumberHead } from "@/components/dashboard/sales/stat";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Card, EmptyState, ErrorBanner, Table } from "@/components/ui/primitives";

const cell = "px-3 py-2 text-right tabular-nums";

/** Sales and the creators' share for a period (refunds and chargebacks take the share back on their day). */
export function CreatorSales({ gameId, env, defaultPeriod, today }: { gameId: string; env: "test" | "live"; defaultPeriod: Period; today: string }) {
  const trpc = useTRPC();
  const [period, setPeriod] = useState(defaultPeriod);
  const sales = useQuery({ ...trpc.creatorCodes.sales.queryOptions({ gameId, env, ...period }), placeholderData: keepPreviousData, retry: false });
  const errors = fieldErrorsOf(sales.error);
  const report = sales.data;
  return (
    <Card title={`Sales and share (${env})`}>
      <div className="space-y-4">
        <PeriodPicker value={period} onChange={setPeriod} today={today} errors={errors} />
        <ErrorBanner message={Object.keys(errors).length === 0 ? errorMessageOf(sales.error) : null} />
        {sales.error ? (
          <EmptyState title="No report for this period">Choose a valid period above.</EmptyState>
        ) : report && report.lines.length === 0 ? (
          <EmptyState title="No creator codes yet">Create a code; its sales show here.</EmptyState>
        ) : (
          <Table head={["Code", "Creator", ...["Rate now", "Orders", "Refunds / chargebacks", "Gross", "Net", "Creator's share"].map((h) => <NumberHead key={h}>{h}</NumberHead>)]}>
            {report?.lines.map((line) => (
              <tr key={line.code} data-testid="creator-sales-row">
                <td className="px-3 py-2 font-mono text-sm">{line.code}</td>
                <td className="px-3 py-2">{line.creatorName}</td>
                <td className={cell}>{line.rateBp === null ? "—" : formatRate(line.rateBp)}</td>
                <td className={cell}>{line.sales}</td>
                <td className={cell}>{line.refunds + line.chargebacks}</td>
                <td className={cell}>{formatCents(line.grossCents)}</td>
                <td className={cell}>{formatCents(line.netCents)}</td>
                <td className={`${cell} font-semibold text-slate-900`} data-testid="creator-share">
                  {formatCents(line.shareCents)}
                </td>
              </tr>
            ))}
            {report && (
              <tr className="bg-slate-50 font-semibold">
                <td className="px-3 py-2" colSpan={3}>
                  Total
                </td>
                <td className={cell}>{report.totals.sales}</td>
                <td className={cell}>{report.totals.refunds + report.totals.chargebacks}</td>
                <td className={cell}>{formatCents(report.totals.grossCents)}</td>
                <td className={cell}>{formatCents(report.totals.netCents)}</td>
                <td className={cell}>{formatCents(report.totals.shareCents)}</td>
              </tr>
            )}
          </Table>
        )}
        <p className="text-xs text-slate-500">The share of each order is fixed when it is bought, at the rate of that moment; changing a rate affects later orders only.</p>
      </div>
    </Card>
  );
}
