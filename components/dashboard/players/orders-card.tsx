"use client";

import { CopyableId } from "@/components/ui/copyable-id";
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { Badge, Button, Card, EmptyState, Skeleton, Table } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";

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
  const f = useFormat();
  const orders = useInfiniteQuery(
    trpc.players.orders.infiniteQueryOptions({ gameId, env, playerId, limit: 10 }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const rows = orders.data?.pages.flatMap((p) => p.orders) ?? [];
  const base = `/games/${gameId}/${env}/orders`;
  return (
    <Card title="Orders">
      {orders.error ? (
        <QueryError error={orders.error} title="The orders could not be loaded" onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <Skeleton className="h-24" />
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
                  <p>
                    <CopyableId value={o.id} what="order id" />
                  </p>
                  <p className="text-xs text-slate-600">{f.dateTime(o.createdAt)}</p>
                </td>
                <td className="px-3 py-2 tabular-nums">{f.euros(o.amountCents)}</td>
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
