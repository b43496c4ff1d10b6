"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { CsvButton, exportHref } from "@/components/dashboard/players/csv-button";
import { statusTone } from "@/components/dashboard/sales/format";
import { NumberHead } from "@/components/dashboard/sales/stat";
import { fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { useFormat } from "@/components/ui/format";
import { Badge, Card, EmptyState, PageHeader, Skeleton, Table } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { OrderFilters, type OrderFilterValues } from "./order-filters";

const PAGE_SIZE = 25;

/** Filters live in the URL, so a filtered list can be shared and survives a reload. */
function syncUrl(filter: OrderFilterValues): void {
  const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === "string")).toString();
  window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
}

function playerLabel(order: { playerId: string; player: { externalId: string | null; displayName: string | null } }): string {
  return order.player.displayName ?? order.player.externalId ?? order.playerId;
}

export function OrdersPage({ gameId, env, initialFilter }: { gameId: string; env: "test" | "live"; initialFilter: OrderFilterValues }) {
  const trpc = useTRPC();
  const f = useFormat();
  const [filter, setFilter] = useState(initialFilter);
  const pages = useCursorPages();
  const list = useQuery({
    ...trpc.orders.list.queryOptions({ gameId, env, ...filter, limit: PAGE_SIZE, cursor: pages.cursor }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const packs = useQuery(trpc.orders.packs.queryOptions({ gameId, env }));
  const errors = fieldErrorsOf(list.error);
  const filterRefused = Object.keys(errors).length > 0;
  const base = `/games/${gameId}/${env}`;
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const rows = list.data?.orders ?? [];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Orders"
        description="Every checkout of this environment, newest first."
        actions={
          <CsvButton testId="orders-export" href={exportHref("orders", { gameId, env, ...filter })} />
        }
      />
      <Card>
        <div className="space-y-4">
          <OrderFilters
            value={filter}
            packs={packs.data ?? []}
            errors={errors}
            onChange={(next) => {
              setFilter(next);
              pages.reset();
              syncUrl(next);
            }}
          />
          {filterRefused ? (
            <p role="alert" className="text-sm text-rose-800">
              Correct the highlighted filter to see orders.
            </p>
          ) : list.error ? (
            <QueryError error={list.error} title="The orders could not be loaded" onRetry={() => void list.refetch()} />
          ) : list.isPending ? (
            <Skeleton className="h-40" />
          ) : rows.length === 0 ? (
            filtered ? (
              <EmptyState title={filter.orderId ? `No order with the reference “${filter.orderId}”` : "No orders match these filters"}>
                {filter.orderId ? "Check the reference on the buyer's receipt, or switch environment." : "Clear a filter or widen the dates."}
              </EmptyState>
            ) : (
              <EmptyState title="No orders yet">
                Orders appear when a player checks out a pack.{" "}
                {env === "test" && (
                  <>
                    Create one with <code className="font-mono text-xs">POST /api/v1/players/&#123;ref&#125;/checkouts</code> and your test secret key.
                  </>
                )}
              </EmptyState>
            )
          ) : (
            <div className={list.isPlaceholderData ? "space-y-3 opacity-60 transition-opacity" : "space-y-3"}>
              <p className="text-sm text-slate-600" data-testid="orders-count">
                {f.plural(rows.length, "order")} on this page
              </p>
              <Table head={["Order", "Player", "Pack", <NumberHead key="amount">Amount</NumberHead>, "Country", "Status", "Created"]}>
                {rows.map((order) => (
                  <tr key={order.id} data-testid="order-row" className="hover:bg-slate-50">
                    <td className="px-3 py-2">
                      <Link href={`${base}/orders/${order.id}`} className="font-mono text-xs text-indigo-700 hover:underline" data-testid="order-link">
                        {order.id}
                      </Link>
                    </td>
                    <td className="max-w-[12rem] truncate px-3 py-2">
                      <Link href={`${base}/players/${order.playerId}`} className="text-slate-700 hover:text-indigo-700 hover:underline" data-testid="order-player">
                        {playerLabel(order)}
                      </Link>
                    </td>
                    <td className="px-3 py-2 text-slate-700">
                      {order.pack.name}
                      {order.creatorCode && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[10px] text-slate-700">{order.creatorCode}</span>}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums text-slate-900">{f.euros(order.amountCents)}</td>
                    <td className="px-3 py-2 text-slate-600">
                      {order.country}
                      {order.vatEvidenceFlagged && (
                        <span data-testid="vat-evidence-warning" title="The evidence of the buyer's country disagrees or is incomplete: see the order" className="ml-1 rounded bg-amber-100 px-1 text-[10px] font-semibold text-amber-900">
                          VAT check
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2" data-testid="order-status">
                      <Badge tone={statusTone[order.status]}>{order.status}</Badge>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-xs text-slate-600">{f.dateTime(order.createdAt)}</td>
                  </tr>
                ))}
              </Table>
            </div>
          )}
          <CursorPager pages={pages} nextCursor={list.data?.nextCursor} busy={list.isFetching} />
        </div>
      </Card>
    </div>
  );
}
