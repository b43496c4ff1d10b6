"use client";

import { CopyableId } from "@/components/ui/copyable-id";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { Button, Card, ErrorBanner, PageHeader, Skeleton } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { DeliveryDetail } from "./delivery-detail";
import { DeliveryStatusBadge } from "./delivery-log";

type Props = { gameId: string; env: "test" | "live"; deliveryId: string; canEdit: boolean };

/** One delivery on a page of its own, so it can be linked to (from a ticket, a chat, the log). */
export function DeliveryPage({ gameId, env, deliveryId, canEdit }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const f = useFormat();
  const delivery = useQuery(trpc.webhooks.delivery.queryOptions({ gameId, env, deliveryId }));
  const endpoints = useQuery(trpc.webhooks.endpoints.queryOptions({ gameId, env }));
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.webhooks.delivery.queryKey({ gameId, env, deliveryId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() }),
        ]),
    }),
  );
  const d = delivery.data;
  const url = d ? (endpoints.data?.find((e) => e.id === d.endpointId)?.url ?? "deleted endpoint") : "";
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhook delivery"
        description={
          <Link href={`/games/${gameId}/${env}/webhooks`} className="text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
            Back to webhooks
          </Link>
        }
      />
      {delivery.error ? (
        <QueryError error={delivery.error} onRetry={() => void delivery.refetch()} title="This delivery could not be loaded" />
      ) : !d ? (
        <Skeleton className="h-48" />
      ) : (
        <Card title={d.eventType}>
          <div className="space-y-4">
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-slate-600">Event</dt>
              <dd>
                <CopyableId value={d.eventId} what="event id" testId="delivery-event-id" />
              </dd>
              <dt className="text-slate-600">Endpoint</dt>
              <dd className="break-all text-slate-900">{url}</dd>
              <dt className="text-slate-600">Status</dt>
              <dd data-testid="delivery-page-status">
                <DeliveryStatusBadge delivery={d} />
              </dd>
              <dt className="text-slate-600">Attempts</dt>
              <dd className="text-slate-900">{f.number(d.attempts)}</dd>
              <dt className="text-slate-600">Next attempt</dt>
              <dd className="text-slate-900">{d.paused ? "When the endpoint is re-enabled" : d.nextAttemptAt ? f.dateTime(d.nextAttemptAt) : "—"}</dd>
              <dt className="text-slate-600">Created</dt>
              <dd className="text-slate-900">{f.dateTime(d.createdAt)}</dd>
            </dl>
            {canEdit && (
              <div className="flex flex-wrap items-center gap-3">
                <Button tone="secondary" onClick={() => resend.mutate({ gameId, env, deliveryId })} disabled={resend.isPending} aria-busy={resend.isPending}>
                  {resend.isPending ? "Resending…" : "Resend"}
                </Button>
                {resend.isSuccess && (
                  <p className="text-xs text-emerald-800" role="status">
                    {d.paused ? "Queued; it is sent when the endpoint is re-enabled." : "Queued; it is sent within seconds."}
                  </p>
                )}
              </div>
            )}
            <ErrorBanner message={errorMessageOf(resend.error)} />
            <DeliveryDetail gameId={gameId} env={env} deliveryId={deliveryId} />
          </div>
        </Card>
      )}
    </div>
  );
}
