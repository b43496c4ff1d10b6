"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatRate } from "@/components/dashboard/sales/format";
import { PeriodPicker, type Period } from "@/components/dashboard/sales/period-picker";
import { money } from "@/components/dashboard/sales/glossary";
import { NumberHead } from "@/components/dashboard/sales/stat";
import { useCsvExport } from "@/components/dashboard/sales/use-csv-export";
import { fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { Button, Card, EmptyState, Skeleton, Table } from "@/components/ui/primitives";
import { describeQueryError, QueryError } from "@/components/ui/query-error";

const cell = "px-3 py-2 text-right tabular-nums";

/** Sales and the creators' share for a period (refunds and chargebacks take the share back on their day). */
export function CreatorSales({ gameId, env, defaultPeriod, today }: { gameId: string; env: "test" | "live"; defaultPeriod: Period; today: string }) {
  const trpc = useTRPC();
  const f = useFormat();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState(defaultPeriod);
  const input = { gameId, env, ...period };
  const sales = useQuery({ ...trpc.creatorCodes.sales.queryOptions(input), placeholderData: keepPreviousData, retry: false });
  const csv = useCsvExport();
  const errors = fieldErrorsOf(sales.error);
  const periodRefused = Object.keys(errors).length > 0;
  const report = sales.data;
  return (
    <Card title={`Sales and payouts (${env})`}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <PeriodPicker value={period} onChange={setPeriod} today={today} errors={errors} />
          <Button
            tone="secondary"
            disabled={csv.busy !== null || periodRefused}
            data-testid="export-payouts-csv"
            onClick={() => csv.run("payouts", () => queryClient.fetchQuery({ ...trpc.creatorCodes.payoutsCsv.queryOptions(input), staleTime: 0 }))}
          >
            {csv.busy ? "Exporting…" : "Export payouts (CSV)"}
          </Button>
        </div>
        {csv.error !== null && (
          <p role="alert" className="text-sm text-rose-700">
            The export failed: {describeQueryError(csv.error)}
          </p>
        )}
        {periodRefused ? (
          <EmptyState title="No report for this period">Choose a valid period above.</EmptyState>
        ) : sales.error ? (
          <QueryError error={sales.error} onRetry={() => void sales.refetch()} title="The creator sales could not be loaded" />
        ) : !report ? (
          <Skeleton />
        ) : report.lines.length === 0 ? (
          <EmptyState title="No creator codes yet">Create a code; its sales show here.</EmptyState>
        ) : (
          <Table head={["Code", "Creator", ...["Rate now", "Orders", "Refunds / chargebacks", money.netSalesInclVat.term, money.netSalesExVat.term, "Payout"].map((h) => <NumberHead key={h}>{h}</NumberHead>)]}>
            {report.lines.map((line) => (
              <tr key={line.code} data-testid="creator-sales-row">
                <td className="px-3 py-2 font-mono text-sm">{line.code}</td>
                <td className="px-3 py-2">{line.creatorName}</td>
                <td className={cell}>{line.rateBp === null ? "—" : formatRate(line.rateBp)}</td>
                <td className={cell}>{f.number(line.sales)}</td>
                <td className={cell}>{f.number(line.refunds + line.chargebacks)}</td>
                <td className={cell}>{f.euros(line.grossCents)}</td>
                <td className={cell}>{f.euros(line.netCents)}</td>
                <td className={`${cell} font-semibold text-slate-900`} data-testid="creator-share">
                  {f.euros(line.shareCents)}
                </td>
              </tr>
            ))}
            <tr className="bg-slate-50 font-semibold">
              <td className="px-3 py-2" colSpan={3}>
                Total
              </td>
              <td className={cell}>{f.number(report.totals.sales)}</td>
              <td className={cell}>{f.number(report.totals.refunds + report.totals.chargebacks)}</td>
              <td className={cell}>{f.euros(report.totals.grossCents)}</td>
              <td className={cell}>{f.euros(report.totals.netCents)}</td>
              <td className={cell}>{f.euros(report.totals.shareCents)}</td>
            </tr>
          </Table>
        )}
        <p className="text-xs text-slate-600">
          Days are UTC. Net sales are after the period’s refunds and chargebacks, with and without VAT; the payout is the sum of the shares fixed on each order when it was bought (a
          rate change affects later orders only), with refunded and charged-back orders taken back on the day they happen.
        </p>
      </div>
    </Card>
  );
}
