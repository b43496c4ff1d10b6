"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { Badge, Button, Card, EmptyState, Select, Skeleton, Table } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { CsvButton, exportHref } from "./csv-button";

type Props = { gameId: string; env: "test" | "live"; playerId: string; currencies: string[] };

const typeTones = {
  purchase_credit: "green",
  grant: "blue",
  gift_code: "blue",
  spend: "gray",
  adjustment: "amber",
  refund_clawback: "red",
  chargeback_clawback: "red",
} as const;

function Delta({ value }: { value: number }) {
  const f = useFormat();
  return (
    <span className={`tabular-nums ${value > 0 ? "text-emerald-700" : value < 0 ? "text-rose-700" : "text-slate-600"}`}>
      {value > 0 ? `+${f.number(value)}` : f.number(value)}
    </span>
  );
}

/** The player's ledger, newest first, the same pages as the API's; "Load more" fetches the next page. */
export function LedgerCard({ gameId, env, playerId, currencies }: Props) {
  const trpc = useTRPC();
  const f = useFormat();
  const [currency, setCurrency] = useState("");
  const ledger = useInfiniteQuery(
    trpc.players.ledger.infiniteQueryOptions(
      { gameId, env, playerId, limit: 25, currency: currency || undefined },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const entries = ledger.data?.pages.flatMap((p) => p.entries) ?? [];
  const ordersBase = `/games/${gameId}/${env}/orders`;
  return (
    <Card
      title="Ledger"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-xs text-slate-700">
            Currency
            <Select value={currency} onChange={(e) => setCurrency(e.target.value)} className="!w-auto !py-1 text-xs" data-testid="ledger-currency">
              <option value="">All currencies</option>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </label>
          <CsvButton
            label="Export ledger CSV"
            testId="ledger-export"
            href={exportHref("player-ledger", { gameId, env, playerId })}
          />
        </div>
      }
    >
      {ledger.error ? (
        <QueryError error={ledger.error} title="The ledger could not be loaded" onRetry={() => void ledger.refetch()} />
      ) : ledger.isPending ? (
        <Skeleton className="h-32" />
      ) : entries.length === 0 ? (
        <EmptyState title={currency ? `No ${currency} entries` : "No ledger entries yet"}>
          Every credit, spend, refund and adjustment of this player will be listed here.
        </EmptyState>
      ) : (
        <>
          <Table head={["When", "Type", "Currency", "Paid", "Bonus", "Balance after", "Reason", "Reference"]}>
            {entries.map((e) => (
              <tr key={e.id} data-testid="ledger-row" className="align-top">
                <td className="whitespace-nowrap px-3 py-2 text-slate-600">{f.dateTime(e.createdAt)}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  <Badge tone={typeTones[e.type]}>{e.type.replaceAll("_", " ")}</Badge>
                </td>
                <td className="px-3 py-2 font-mono text-xs">{e.currency}</td>
                <td className="px-3 py-2">
                  <Delta value={e.paidDelta} />
                </td>
                <td className="px-3 py-2">
                  <Delta value={e.bonusDelta} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                  <span className={e.balanceAfter.paid < 0 ? "text-rose-700" : "text-slate-900"}>{f.number(e.balanceAfter.total)}</span>
                  <span className="block text-xs text-slate-600">
                    {f.number(e.balanceAfter.paid)} paid · {f.number(e.balanceAfter.bonus)} bonus
                  </span>
                </td>
                <td className="max-w-xs px-3 py-2 text-slate-700">{e.reason ?? <span className="text-slate-600">—</span>}</td>
                <td className="px-3 py-2 text-xs">
                  {e.ref.orderId && (
                    <Link href={`${ordersBase}/${e.ref.orderId}`} className="font-mono text-indigo-700 hover:underline" data-testid="ledger-order-link">
                      {e.ref.orderId}
                    </Link>
                  )}
                  {e.ref.itemSku && <span className="block font-mono text-slate-600">{e.ref.itemSku}</span>}
                  {!e.ref.orderId && !e.ref.itemSku && <span className="text-slate-600">—</span>}
                </td>
              </tr>
            ))}
          </Table>
          {ledger.hasNextPage && (
            <div className="mt-4 text-center">
              <Button tone="secondary" onClick={() => ledger.fetchNextPage()} disabled={ledger.isFetchingNextPage} data-testid="ledger-load-more">
                {ledger.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
