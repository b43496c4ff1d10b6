"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { formatCents, formatInstant, formatRate, statusTone } from "@/components/dashboard/sales/format";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { Badge, Card, ErrorBanner } from "@/components/ui/primitives";
import { OrderActions } from "./order-actions";
import { LedgerEntries, ProviderEvents, Timeline, WebhookDeliveries } from "./order-sections";

type Props = { gameId: string; env: "test" | "live"; orderId: string; canAct: boolean };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </div>
  );
}

export function OrderDetailPage({ gameId, env, orderId, canAct }: Props) {
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.orders.get.queryOptions({ gameId, env, orderId }), retry: false });
  const base = `/games/${gameId}/${env}`;
  const back = (
    <Link href={`${base}/orders`} className="text-sm text-indigo-600 hover:underline">
      ← Orders
    </Link>
  );
  if (detail.error) {
    return (
      <div className="space-y-4">
        {back}
        <ErrorBanner message={errorMessageOf(detail.error)} />
      </div>
    );
  }
  if (!detail.data) return <div className="h-64 animate-pulse rounded-xl bg-slate-100" />;
  const { order, player, timeline, ledger, events, deliveries, providerEvents, moves, itemNames } = detail.data;
  const contents = [
    ...order.grants.map((g) => `${g.amount.toLocaleString("en-IE")}${g.bonus ? ` + ${g.bonus.toLocaleString("en-IE")} bonus` : ""} ${g.currency}`),
    ...(order.deliveredItems ?? order.items).map((i) => `${i.quantity} × ${itemNames[i.sku] ?? i.sku}`),
  ];

  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-500">Order</p>
          <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight text-slate-900">
            {formatCents(order.amountCents)}
            <span data-testid="order-status">
              <Badge tone={statusTone[order.status]}>{order.status}</Badge>
            </span>
          </h1>
          <p className="mt-1 font-mono text-xs text-slate-500" data-testid="order-id">
            {order.id}
          </p>
        </div>
        <OrderActions gameId={gameId} env={env} orderId={order.id} amountCents={order.amountCents} moves={moves} canAct={canAct} />
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Summary" className="lg:col-span-2">
          <dl className="divide-y divide-slate-100">
            <Row label="Pack">
              {order.pack.name} <span className="font-mono text-xs text-slate-500">({order.pack.sku})</span>
            </Row>
            <Row label="Contents">{contents.join(", ") || "—"}</Row>
            <Row label="Player">
              <Link href={`${base}/players/${player.id}`} className="text-indigo-600 hover:underline" data-testid="order-player">
                {player.displayName ?? player.externalId ?? player.id}
              </Link>
            </Row>
            <Row label="Amount (VAT included)">{formatCents(order.amountCents)}</Row>
            <Row label={`VAT ${order.country} ${formatRate(order.vatRateBp)}`}>{formatCents(order.vatCents)}</Row>
            <Row label="Net">{formatCents(order.netCents)}</Row>
            <Row label="Creator code">
              {order.creatorCode ? (
                <>
                  <span className="font-mono">{order.creatorCode.code}</span> ({order.creatorCode.creatorName})
                  {order.creatorShareCents !== null && order.creatorRateBp !== null && (
                    <span className="ml-1 text-xs text-slate-500">
                      share {formatCents(order.creatorShareCents)} at {formatRate(order.creatorRateBp)}
                    </span>
                  )}
                </>
              ) : (
                "—"
              )}
            </Row>
            <Row label="Payment">
              {order.provider}
              {order.providerReference && <span className="ml-1 font-mono text-xs text-slate-500">{order.providerReference}</span>}
            </Row>
            {order.refundRequestedAt && <Row label="Refund asked of the provider">{formatInstant(order.refundRequestedAt)}</Row>}
            {order.disputeStatus && (
              <Row label="Dispute">
                {order.disputeStatus} <span className="font-mono text-xs text-slate-500">{order.disputeReference}</span>
              </Row>
            )}
            {order.status === "pending" && <Row label="Expires">{formatInstant(order.expiresAt)}</Row>}
            {order.refundReason && <Row label="Refund reason">{order.refundReason}</Row>}
          </dl>
        </Card>
        <Card title="Timeline">
          <Timeline events={timeline} />
        </Card>
      </div>

      <Card title="Ledger entries">
        <LedgerEntries entries={ledger} />
      </Card>
      {providerEvents.length > 0 && (
        <Card title="Payment provider events">
          <ProviderEvents events={providerEvents} />
        </Card>
      )}
      <Card title="Webhook deliveries">
        <WebhookDeliveries events={events} deliveries={deliveries} webhooksHref={`${base}/webhooks`} />
      </Card>
    </div>
  );
}
