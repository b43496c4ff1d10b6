"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { Fragment, useEffect, useState } from "react";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { useFormat } from "@/components/ui/format";
import { Badge, Button, Card, EmptyState, ErrorBanner, Select, Skeleton, Table } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import type { DeliveryStatus } from "@/db/schema/webhooks";
import type { DeliveryView, EndpointView } from "@/server/webhooks/views";
import { DeliveryDetail } from "./delivery-detail";

type Props = { gameId: string; env: "test" | "live"; endpoints: EndpointView[]; canEdit: boolean };

const statusTone: Record<DeliveryStatus, "green" | "amber" | "red"> = { succeeded: "green", pending: "amber", abandoned: "red" };

/** A paused delivery's next attempt time is in the past and means nothing: it waits for a re-enable. */
export function DeliveryStatusBadge({ delivery }: { delivery: Pick<DeliveryView, "status" | "paused"> }) {
  if (delivery.paused) return <Badge tone="gray">Paused (endpoint disabled)</Badge>;
  return <Badge tone={statusTone[delivery.status]}>{delivery.status}</Badge>;
}

/** The newest response excerpt, or the connection error when there was no answer. */
function lastAnswer(delivery: DeliveryView): string {
  const last = delivery.attemptLog[delivery.attemptLog.length - 1];
  return last ? (last.responseExcerpt ?? last.error ?? "") : "";
}

export function DeliveryLog({ gameId, env, endpoints, canEdit }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const f = useFormat();
  const pages = useCursorPages();
  const [endpointId, setEndpointId] = useState("");
  const [status, setStatus] = useState<DeliveryStatus | "">("");
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ gameId, env, limit: 20, cursor: pages.cursor, endpointId: endpointId || undefined, status: status || undefined }),
    // While something is on its way, the log follows the worker (it runs every few seconds).
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === "pending" && !d.paused) ? 3_000 : false),
  });
  // A send changes the endpoint's failure streak (and may disable it): the endpoint list follows the log.
  const updatedAt = deliveries.dataUpdatedAt;
  useEffect(() => {
    if (updatedAt) void queryClient.invalidateQueries({ queryKey: trpc.webhooks.endpoints.queryKey() });
  }, [updatedAt, queryClient, trpc]);
  const resend = useMutation(trpc.webhooks.resend.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() }) }));
  const urlOf = (id: string) => endpoints.find((e) => e.id === id)?.url ?? "deleted endpoint";

  return (
    <Card title="Delivery log">
      <div className="space-y-4">
        {/* Filters sit in the body, not the header, so they wrap on a phone instead of overflowing. */}
        <div className="flex flex-wrap gap-2">
          <div className="min-w-0 flex-1 sm:max-w-72">
            <Select
              aria-label="Endpoint"
              value={endpointId}
              onChange={(e) => {
                setEndpointId(e.target.value);
                pages.reset();
              }}
            >
              <option value="">All endpoints</option>
              {endpoints.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.url}
                </option>
              ))}
            </Select>
          </div>
          <div className="w-40">
            <Select
              aria-label="Status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as DeliveryStatus | "");
                pages.reset();
              }}
            >
              <option value="">Any status</option>
              <option value="pending">pending</option>
              <option value="succeeded">succeeded</option>
              <option value="abandoned">abandoned</option>
            </Select>
          </div>
        </div>
        <ErrorBanner message={errorMessageOf(resend.error)} />
        {deliveries.error ? (
          <QueryError error={deliveries.error} onRetry={() => void deliveries.refetch()} title="The delivery log could not be loaded" />
        ) : deliveries.isPending ? (
          <Skeleton className="h-32" />
        ) : deliveries.data?.deliveries.length === 0 ? (
          <EmptyState title="No deliveries yet">Events of this environment appear here as they are sent. Try “Send test event” on an endpoint.</EmptyState>
        ) : (
          <Table head={["Event", "Status", "Attempts", "Last answer", "Next attempt", ""]}>
            {deliveries.data?.deliveries.map((d) => (
              <Fragment key={d.id}>
                <tr data-testid="delivery-row" className="align-top">
                  <td className="px-3 py-2">
                    <p className="font-mono text-xs text-slate-900" data-testid="delivery-event-id">
                      {d.eventId}
                    </p>
                    <p className="text-xs text-slate-600">
                      {d.eventType} → <span className="break-all">{urlOf(d.endpointId)}</span>
                    </p>
                    <p className="text-xs text-slate-600">{f.dateTime(d.createdAt)}</p>
                    {/* On a phone the status column is off screen: repeat it under the event. */}
                    <p className="mt-1 sm:hidden" aria-hidden="true">
                      <DeliveryStatusBadge delivery={d} />
                    </p>
                  </td>
                  <td className="px-3 py-2" data-testid="delivery-status">
                    <DeliveryStatusBadge delivery={d} />
                  </td>
                  <td className="px-3 py-2 tabular-nums" data-testid="delivery-attempts">
                    {d.attempts}
                  </td>
                  <td className="max-w-xs px-3 py-2">
                    <span className="font-mono text-xs" data-testid="delivery-status-code">
                      {d.lastStatusCode ?? (d.attempts > 0 ? "no answer" : "—")}
                    </span>
                    <p className="truncate text-xs text-slate-600" title={lastAnswer(d)} data-testid="delivery-excerpt">
                      {lastAnswer(d)}
                    </p>
                  </td>
                  <td className="px-3 py-2 text-xs text-slate-600" data-testid="delivery-next-attempt">
                    {d.paused ? "When the endpoint is re-enabled" : d.nextAttemptAt ? f.dateTime(d.nextAttemptAt) : "—"}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    <Button tone="ghost" onClick={() => setOpen(open === d.id ? null : d.id)} aria-expanded={open === d.id}>
                      {open === d.id ? "Hide" : "Details"}
                    </Button>
                    {/* aria-label, not an sr-only span: an absolutely placed span escapes the table's scroll box and widens the page on a phone. */}
                    <Link
                      href={`/games/${gameId}/${env}/webhooks/deliveries/${d.id}`}
                      aria-label={`Open delivery ${d.eventId}`}
                      className="rounded-md px-2 py-1.5 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                    >
                      Open
                    </Link>
                    {canEdit && (
                      <Button tone="secondary" data-testid="resend-delivery" onClick={() => resend.mutate({ gameId, env, deliveryId: d.id })} disabled={resend.isPending}>
                        Resend
                      </Button>
                    )}
                  </td>
                </tr>
                {open === d.id && (
                  <tr>
                    <td colSpan={6} className="bg-slate-50 px-3 py-3">
                      <DeliveryDetail gameId={gameId} env={env} deliveryId={d.id} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </Table>
        )}
        <CursorPager pages={pages} nextCursor={deliveries.data?.nextCursor} busy={deliveries.isFetching} />
      </div>
    </Card>
  );
}
