"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { downloadCsv } from "@/components/dashboard/sales/csv-download";
import { formatCents } from "@/components/dashboard/sales/format";
import { PeriodPicker, type Period } from "@/components/dashboard/sales/period-picker";
import { Stat } from "@/components/dashboard/sales/stat";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, EmptyState, ErrorBanner, PageHeader } from "@/components/ui/primitives";
import { RevenueChart } from "./revenue-chart";
import { VatTable } from "./vat-table";

type Props = { gameId: string; env: "test" | "live"; defaultPeriod: Period; today: string };

export function RevenuePage({ gameId, env, defaultPeriod, today }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState(defaultPeriod);
  const input = { gameId, env, ...period };
  // A bad period is answered with field errors; retrying would only ask again.
  const options = { placeholderData: keepPreviousData, retry: false } as const;
  const daily = useQuery({ ...trpc.revenue.daily.queryOptions(input), ...options });
  const vat = useQuery({ ...trpc.revenue.vatByCountry.queryOptions(input), ...options });
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);

  async function exportCsv(kind: "daily" | "vat") {
    setExporting(kind);
    setExportError(null);
    try {
      const query = kind === "daily" ? trpc.revenue.dailyCsv.queryOptions(input) : trpc.revenue.vatByCountryCsv.queryOptions(input);
      downloadCsv(await queryClient.fetchQuery({ ...query, staleTime: 0 }));
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(null);
    }
  }

  const errors = fieldErrorsOf(daily.error);
  const totals = daily.data?.totals;
  // While the period is refused there is nothing to show: "—" and a hint instead of loading skeletons.
  const refused = !!daily.error;
  const pending = refused ? "—" : "…";
  const blocked = <EmptyState title="No report for this period">Choose a valid period above.</EmptyState>;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Revenue"
        description="Sales count on the day they were paid; refunds and chargebacks are subtracted on the day they happen. Days are UTC."
        actions={
          <>
            <Button tone="secondary" onClick={() => exportCsv("daily")} disabled={exporting !== null} data-testid="export-revenue-csv">
              {exporting === "daily" ? "Exporting…" : "Export daily CSV"}
            </Button>
            <Button tone="secondary" onClick={() => exportCsv("vat")} disabled={exporting !== null} data-testid="export-vat-csv">
              {exporting === "vat" ? "Exporting…" : "Export VAT CSV"}
            </Button>
          </>
        }
      />
      <PeriodPicker value={period} onChange={setPeriod} today={today} errors={errors} />
      <ErrorBanner message={Object.keys(errors).length === 0 ? errorMessageOf(daily.error ?? vat.error ?? exportError) : null} />

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="revenue-totals">
        <Stat label="Gross" value={totals ? formatCents(totals.grossCents) : pending} hint="VAT included" testId="total-gross" />
        <Stat label="VAT" value={totals ? formatCents(totals.vatCents) : pending} testId="total-vat" />
        <Stat label="Net" value={totals ? formatCents(totals.netCents) : pending} testId="total-net" />
        <Stat label="Orders" value={totals ? totals.sales : pending} hint="paid in the period" />
        <Stat
          label="Refunded & disputed"
          value={totals ? formatCents(totals.reversedGrossCents) : pending}
          hint={totals ? `${plural(totals.refunds, "refund")}, ${plural(totals.chargebacks, "chargeback")}` : undefined}
        />
      </div>

      <Card title="Per day">{daily.data ? <RevenueChart days={daily.data.days} /> : refused ? blocked : <div className="h-[280px] animate-pulse rounded-lg bg-slate-100" />}</Card>

      <Card title="VAT per country (EU OSS)" actions={<span className="text-xs text-slate-500">Corrections of earlier periods are included on their own day.</span>}>
        {vat.data ? <VatTable report={vat.data} /> : vat.error ? blocked : <div className="h-24 animate-pulse rounded-lg bg-slate-100" />}
      </Card>
    </div>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
