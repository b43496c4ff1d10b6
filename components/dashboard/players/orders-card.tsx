"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { Badge, Button, Card, EmptyState, ErrorBanner, Table } from "@/components/ui/primitives";
import { formatCents, formatDateTime } from "../catalog/format";

type Props = { gameId: string; env: "test" | "live"; playerId: string };

const statusTones = {
  pending: "amber",
  paid: "blue",
  fulfilled: "green",
  refunded: "red",
  chargeback: "red",
  failed: "gray",
  canceled: "gray",
  expired: "gray",
} as const;

/** The player's orders in this environment, newest first. */
export function OrdersCard({ gameId, env, playerId }: Props) {
  const trpc = useTRPC();
  const orders = useInfiniteQuery(
    trpc.players.orders.infiniteQueryOptions({ gameId, env, playerId, limit: 10 }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const rows = orders.data?.pages.flatMap((p) => p.orders) ?? [];
  const base = `/games/${gameId}/${env}/orders`;
  return (
    <Card title="Orders">
      <ErrorBanner message={errorMessageOf(orders.error)} />
      {orders.isPending ? (
        <p className="py-6 text-center text-sm text-slate-500">Loading…</p>
      ) : rows.length === 0 ? (
        <EmptyState title="No orders yet">Orders appear when your backend opens a checkout for this player.</EmptyState>
      ) : (
        <>
          <Table head={["Order", "Amount", "Status"]}>
            {rows.map((o) => (
              <tr key={o.id} data-testid="player-order-row">
                <td className="px-3 py-2">
                  <Link href={`${base}/${o.id}`} className="font-medium text-indigo-700 hover:underline">
                    {o.pack.name}
                  </Link>
                  <p className="font-mono text-xs text-slate-500">{o.id}</p>
                  <p className="text-xs text-slate-500">{formatDateTime(o.createdAt)}</p>
                </td>
                <td className="px-3 py-2 tabular-nums">{formatCents(o.amountCents)}</td>
                <td className="px-3 py-2">
                  <Badge tone={statusTones[o.status]}>{o.status}</Badge>
                </td>
              </tr>
            ))}
          </Table>
          {orders.hasNextPage && (
            <div className="mt-4 text-center">
              <Button tone="secondary" onClick={() => orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
