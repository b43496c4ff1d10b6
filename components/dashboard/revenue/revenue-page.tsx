"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PeriodPicker, type Period } from "@/components/dashboard/sales/period-picker";
import { money } from "@/components/dashboard/sales/glossary";
import { Stat } from "@/components/dashboard/sales/stat";
import { useCsvExport } from "@/components/dashboard/sales/use-csv-export";
import { fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { Button, Card, EmptyState, PageHeader, Skeleton } from "@/components/ui/primitives";
import { describeQueryError, QueryError } from "@/components/ui/query-error";
import { ChannelTable } from "./channel-table";
import { DaysTable, taken } from "./days-table";
import { RevenueChart } from "./revenue-chart";
import { OssExport } from "./oss-export";
import { VatTable } from "./vat-table";

type Props = { gameId: string; env: "test" | "live"; defaultPeriod: Period; today: string };

export function RevenuePage({ gameId, env, defaultPeriod, today }: Props) {
  const trpc = useTRPC();
  const f = useFormat();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState(defaultPeriod);
  const input = { gameId, env, ...period };
  // A bad period is answered with field errors; retrying would only ask again.
  const options = { placeholderData: keepPreviousData, retry: false } as const;
  const daily = useQuery({ ...trpc.revenue.daily.queryOptions(input), ...options });
  const vat = useQuery({ ...trpc.revenue.vatByCountry.queryOptions(input), ...options });
  const channels = useQuery({ ...trpc.revenue.byChannel.queryOptions(input), ...options });
  const csv = useCsvExport();

  const errors = fieldErrorsOf(daily.error);
  const periodRefused = Object.keys(errors).length > 0;
  const totals = periodRefused ? undefined : daily.data?.totals;
  const pending = periodRefused ? "—" : "…";
  const blocked = <EmptyState title="No report for this period">Choose a valid period above.</EmptyState>;
  const exportButton = (kind: "daily" | "vat", label: string, testId: string) => (
    <Button
      tone="secondary"
      disabled={csv.busy !== null || periodRefused}
      data-testid={testId}
      onClick={() =>
        csv.run(kind, () =>
          queryClient.fetchQuery({ ...(kind === "daily" ? trpc.revenue.dailyCsv.queryOptions(input) : trpc.revenue.vatByCountryCsv.queryOptions(input)), staleTime: 0 }),
        )
      }
    >
      {csv.busy === kind ? "Exporting…" : label}
    </Button>
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title="Revenue"
        description="A sale counts on the day it was paid; a refund or chargeback is subtracted on the day it happens, so a past day never changes. Days are UTC (00:00 to 24:00 UTC), whatever the studio's time zone."
        actions={
          <div className="flex flex-wrap gap-2">
            {exportButton("daily", "Export daily CSV", "export-revenue-csv")}
            {exportButton("vat", "Export VAT CSV", "export-vat-csv")}
          </div>
        }
      />
      <PeriodPicker value={period} onChange={setPeriod} today={today} errors={errors} />
      {csv.error !== null && (
        <p role="alert" className="text-sm text-rose-700">
          The export failed: {describeQueryError(csv.error)}
        </p>
      )}
      {daily.error && !periodRefused && <QueryError error={daily.error} onRetry={() => void daily.refetch()} title="The revenue report could not be loaded" />}

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="revenue-totals">
        <Stat
          label={money.grossSales.term}
          value={totals ? f.euros(totals.salesGrossCents) : pending}
          hint={totals ? `${money.grossSales.hint}; ${f.plural(totals.sales, "order")} paid` : money.grossSales.hint}
          testId="total-sales-gross"
        />
        <Stat
          label={money.reversed.term}
          value={totals ? f.euros(taken(totals.reversedGrossCents)) : pending}
          hint={totals ? `${f.plural(totals.refunds, "refund")}, ${f.plural(totals.chargebacks, "chargeback")}` : money.reversed.hint}
          testId="total-reversed"
        />
        <Stat label={money.netSalesInclVat.term} value={totals ? f.euros(totals.grossCents) : pending} hint={money.netSalesInclVat.hint} testId="total-gross" />
        <Stat label={money.vat.term} value={totals ? f.euros(totals.vatCents) : pending} hint={money.vat.hint} testId="total-vat" />
        <Stat label={money.netSalesExVat.term} value={totals ? f.euros(totals.netCents) : pending} hint={money.netSalesExVat.hint} testId="total-net" />
      </div>

      <Card title="Per day (UTC)">
        {periodRefused ? (
          blocked
        ) : daily.data ? (
          <div className="space-y-4">
            <RevenueChart days={daily.data.days} />
            <details className="group">
              <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline">The figures per day, as a table</summary>
              <div className="mt-3">
                <DaysTable days={daily.data.days} />
              </div>
            </details>
          </div>
        ) : daily.error ? null : (
          <Skeleton className="h-[280px]" />
        )}
      </Card>

      <Card title="By channel">
        {periodRefused ? (
          blocked
        ) : channels.error ? (
          <QueryError error={channels.error} onRetry={() => void channels.refetch()} title="The report by channel could not be loaded" />
        ) : channels.data ? (
          <ChannelTable report={channels.data} />
        ) : (
          <Skeleton />
        )}
      </Card>

      <Card title="VAT per country (EU OSS)">
        <p className="mb-3 text-xs text-slate-600">Corrections of earlier periods (refunds, chargebacks) are included on the day they happen.</p>
        {periodRefused ? (
          blocked
        ) : vat.error ? (
          <QueryError error={vat.error} onRetry={() => void vat.refetch()} title="The VAT report could not be loaded" />
        ) : vat.data ? (
          <VatTable report={vat.data} />
        ) : (
          <Skeleton />
        )}
      </Card>

      <OssExport gameId={gameId} env={env} today={today} />
    </div>
  );
}
