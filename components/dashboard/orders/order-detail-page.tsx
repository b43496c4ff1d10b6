"use client";

import { CopyableId } from "@/components/ui/copyable-id";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { formatRate, statusTone } from "@/components/dashboard/sales/format";
import { useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { Badge, Card, Skeleton } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import type { OrderDetail } from "@/server/orders/get-order-detail";
import type { StaffVatEvidence } from "@/server/orders/staff-order-view";
import { OrderActions } from "./order-actions";
import { LedgerEntries, ProviderEvents, Timeline, WebhookDeliveries } from "./order-sections";

type Props = { gameId: string; env: "test" | "live"; orderId: string; canAct: boolean };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="shrink-0 text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-right text-slate-900">{children}</dd>
    </div>
  );
}

/** What the buyer paid the store, in its currency; the store does not always say (Google Play). */
export function storePrice(sale: NonNullable<OrderDetail["storeSale"]>): string {
  if (sale.priceMillis === null || sale.currency === null) return "price not given by the store";
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: sale.currency }).format(sale.priceMillis / 1000);
  } catch {
    return `${sale.priceMillis / 1000} ${sale.currency}`;
  }
}

const evidenceVerdicts: Record<StaffVatEvidence["status"], string> = {
  agrees: "agrees",
  mixed: "one piece disagrees: check",
  conflict: "no piece confirms the picked country: check",
  insufficient: "only the picked country is known: check",
};

/** The evidence of the buyer's country (docs/compliance.md): the picked country, the IP's, the payment method's. */
function VatEvidenceRow({ evidence }: { evidence: StaffVatEvidence }) {
  const pieces = [`IP ${evidence.ipCountry ?? "unknown"}`, `payment ${evidence.paymentCountry ?? "unknown"}${evidence.paymentCountrySource ? ` (${evidence.paymentCountrySource})` : ""}`];
  return (
    <Row label="VAT evidence">
      <span data-testid="order-vat-evidence" data-status={evidence.status} className={evidence.flagged ? "font-medium text-amber-900" : undefined}>
        {evidence.flagged && "⚠ "}
        {evidenceVerdicts[evidence.status]}
      </span>
      <span className="block text-xs text-slate-600">
        picked {evidence.vatCountry} (VAT charged), {pieces.join(", ")}
        {evidence.otherCountry && `; both other pieces point to ${evidence.otherCountry}`}
      </span>
    </Row>
  );
}

/** What the order delivers, by catalog name: "500 Coins + 50 bonus Coins", "2 × Potion". */
export function orderContents(detail: Pick<OrderDetail, "order" | "itemNames" | "currencyNames">, number: (n: number) => string): string[] {
  const { order, itemNames, currencyNames } = detail;
  return [
    ...order.grants.map((g) => {
      const name = currencyNames[g.currency] ?? g.currency;
      return g.bonus ? `${number(g.amount)} + ${number(g.bonus)} bonus ${name}` : `${number(g.amount)} ${name}`;
    }),
    ...(order.deliveredItems ?? order.items).map((i) => `${number(i.quantity)} × ${itemNames[i.sku] ?? i.sku}`),
  ];
}

export function OrderDetailPage({ gameId, env, orderId, canAct }: Props) {
  const trpc = useTRPC();
  const f = useFormat();
  const detail = useQuery({ ...trpc.orders.get.queryOptions({ gameId, env, orderId }), retry: false });
  const base = `/games/${gameId}/${env}`;
  const back = (
    <Link href={`${base}/orders`} className="text-sm text-indigo-700 hover:underline">
      ← Orders
    </Link>
  );
  if (detail.error) {
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Order</h1>
        <QueryError error={detail.error} title="This order could not be loaded" onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className="space-y-4">
        {back}
        <h1 className="sr-only">Order</h1>
        <Skeleton className="h-64" />
      </div>
    );
  }
  const { order, player, timeline, ledger, events, deliveries, providerEvents, moves, negativeBalance, subscribedEndpoints } = detail.data;
  const contents = orderContents(detail.data, f.number);

  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-600">Order</p>
          <h1 className="flex items-center gap-3 text-2xl font-bold tracking-tight text-slate-900">
            {f.euros(order.amountCents)}
            <span data-testid="order-status">
              <Badge tone={statusTone[order.status]}>{order.status}</Badge>
            </span>
          </h1>
          <p className="mt-1">
            <CopyableId value={order.id} what="order id" testId="order-id" />
          </p>
        </div>
        <OrderActions
          gameId={gameId}
          env={env}
          orderId={order.id}
          amountCents={order.amountCents}
          contents={contents}
          negativeBalance={negativeBalance}
          moves={moves}
          canAct={canAct}
        />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card title="Summary" className="lg:col-span-2">
          <dl className="divide-y divide-slate-100">
            <Row label="Pack">
              {order.pack.name} <span className="font-mono text-xs text-slate-600">({order.pack.sku})</span>
            </Row>
            <Row label="Contents">
              <span data-testid="order-contents">{contents.join(", ") || "—"}</span>
            </Row>
            <Row label="Player">
              <Link href={`${base}/players/${player.id}`} className="text-indigo-700 underline" data-testid="order-player">
                {player.displayName ?? player.externalId ?? player.id}
              </Link>
            </Row>
            <Row label="Amount (VAT included)">{f.euros(order.amountCents)}</Row>
            <Row label={`VAT ${order.country} ${formatRate(order.vatRateBp)}`}>{f.euros(order.vatCents)}</Row>
            <Row label="Net">{f.euros(order.netCents)}</Row>
            <Row label="Creator code">
              {order.creatorCode ? (
                <>
                  <span className="font-mono">{order.creatorCode.code}</span> ({order.creatorCode.creatorName})
                  {order.creatorShareCents !== null && order.creatorRateBp !== null && (
                    <span className="ml-1 text-xs text-slate-600">
                      share {f.euros(order.creatorShareCents)} at {formatRate(order.creatorRateBp)}
                    </span>
                  )}
                </>
              ) : (
                "—"
              )}
            </Row>
            <Row label="Payment">
              {order.provider}
              {order.providerReference && <span className="ml-1 break-all font-mono text-xs text-slate-600">{order.providerReference}</span>}
            </Row>
            {detail.data.storeSale && (
              <Row label="Store sale">
                {storePrice(detail.data.storeSale)}
                <span className="ml-1 text-xs text-slate-600">
                  {detail.data.storeSale.productId ?? "product not named"}
                  {detail.data.storeSale.storefront && `, ${detail.data.storeSale.storefront}`}
                  {detail.data.storeSale.revokedAt && `; revoked ${f.dateTime(detail.data.storeSale.revokedAt)}`}
                </span>
              </Row>
            )}
            {order.refundRequestedAt && <Row label="Refund asked of the provider">{f.dateTime(order.refundRequestedAt)}</Row>}
            {order.disputeStatus && (
              <Row label="Dispute">
                {order.disputeStatus} <span className="font-mono text-xs text-slate-600">{order.disputeReference}</span>
              </Row>
            )}
            <Row label="Consent to immediate delivery">
              <span data-testid="order-consent">{order.consentAt ? `${f.dateTime(order.consentAt)} (wording ${order.consentVersion ?? "?"})` : "—"}</span>
            </Row>
            {order.vatEvidence && <VatEvidenceRow evidence={order.vatEvidence} />}
            {order.status === "pending" && <Row label="Expires">{f.dateTime(order.expiresAt)}</Row>}
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
        <WebhookDeliveries events={events} deliveries={deliveries} endpoints={subscribedEndpoints} webhooksHref={`${base}/webhooks`} />
      </Card>
    </div>
  );
}
