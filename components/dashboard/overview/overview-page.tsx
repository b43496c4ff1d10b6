"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { RevenueChart } from "@/components/dashboard/revenue/revenue-chart";
import { money } from "@/components/dashboard/sales/glossary";
import { Stat } from "@/components/dashboard/sales/stat";
import { useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { Card, PageHeader } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { GettingStarted } from "./getting-started";

const sections = [
  ["orders", "Orders", "Every checkout, its timeline, refunds."],
  ["revenue", "Revenue", "Sales, refunds and VAT per day; VAT per country."],
  ["players", "Players", "Wallets, inventories, blocking, adjustments."],
  ["catalog", "Catalog", "Currencies, items and packs."],
  ["creator-codes", "Creator codes", "Codes, rates and creators' shares."],
  ["gift-codes", "Gift codes", "Issue and export codes."],
  ["webhooks", "Webhooks", "Endpoints and delivery logs."],
  ["settings", "Keys & settings", "API keys, origins, game settings."],
] as const;

export function OverviewPage({ gameId, env }: { gameId: string; env: "test" | "live" }) {
  const trpc = useTRPC();
  const f = useFormat();
  const overview = useQuery(trpc.revenue.overview.queryOptions({ gameId, env }));
  const base = `/games/${gameId}/${env}`;
  const data = overview.data;
  const value = (cents: number | undefined) => (cents === undefined ? "…" : f.euros(cents));

  return (
    <div className="space-y-6">
      <PageHeader title="Overview" description={`The ${env} environment at a glance. Revenue days are UTC days, like the revenue report.`} />
      {overview.isError && <QueryError error={overview.error} onRetry={() => void overview.refetch()} title="The overview could not be loaded" />}
      {data && (data.activeKeys.secret === 0 || data.ordersEver === 0 || data.paymentProvider === "none") && (
        <GettingStarted
          base={base}
          env={env}
          state={{
            hasKeys: data.activeKeys.secret > 0,
            hasPacks: data.activePacks > 0,
            hasOrders: data.ordersEver > 0,
            hasWebhooks: data.activeWebhookEndpoints > 0,
            hasProvider: data.paymentProvider !== "none",
          }}
        />
      )}

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="overview-stats">
        <Stat
          label={`Today: ${money.netSalesInclVat.term}`}
          value={value(data?.today.grossCents)}
          hint={data ? `${money.netSalesInclVat.hint}; ${f.plural(data.today.sales, "order")} today` : money.netSalesInclVat.hint}
          testId="today-gross"
        />
        <Stat label={`Today: ${money.netSalesExVat.term}`} value={value(data?.today.netCents)} hint={money.netSalesExVat.hint} testId="today-net" />
        <Stat
          label={`30 days: ${money.netSalesInclVat.term}`}
          value={value(data?.last30Days.grossCents)}
          hint={data ? `${money.netSalesInclVat.hint}; ${f.plural(data.last30Days.sales, "order")}` : money.netSalesInclVat.hint}
          testId="month-gross"
        />
        <Stat
          label={`30 days: ${money.netSalesExVat.term}`}
          value={value(data?.last30Days.netCents)}
          hint={data && data.pendingOrders > 0 ? `${money.netSalesExVat.hint}; ${f.plural(data.pendingOrders, "checkout")} awaiting payment` : money.netSalesExVat.hint}
          testId="month-net"
        />
      </div>

      <Card
        title="Last 30 days"
        actions={
          <Link href={`${base}/revenue`} className="text-sm font-medium text-indigo-700 hover:underline">
            Revenue report →
          </Link>
        }
      >
        {data ? <RevenueChart days={data.days} height={180} compact /> : <div className="h-[180px] animate-pulse rounded-lg bg-slate-100" />}
      </Card>

      <nav className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Section shortcuts">
        {sections.map(([path, title, body]) => (
          <Link key={path} href={`${base}/${path}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
            <p className="text-sm font-semibold text-slate-900">{title}</p>
            <p className="mt-0.5 text-xs text-slate-600">{body}</p>
          </Link>
        ))}
      </nav>
    </div>
  );
}
