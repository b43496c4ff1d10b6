"use client";

import { NumberHead } from "@/components/dashboard/sales/stat";
import { useFormat } from "@/components/ui/format";
import { Badge, EmptyState, Table } from "@/components/ui/primitives";
import type { OrderDeliveryView, OrderEventView, ProviderEventView, SubscribedEndpointView, TimelineEvent } from "@/server/orders/get-order-detail";
import type { LedgerEntryView } from "@/server/wallet/wallet-views";

const timelineLabel: Record<TimelineEvent["kind"], string> = {
  created: "Checkout created",
  paid: "Payment received",
  fulfilled: "Coins and items delivered",
  refunded: "Refunded",
  chargeback: "Charged back",
  declined: "Payment declined",
  canceled: "Canceled by the buyer",
  expired: "Expired unpaid",
};

const timelineDot: Record<TimelineEvent["kind"], string> = {
  created: "bg-slate-400",
  paid: "bg-indigo-500",
  fulfilled: "bg-emerald-500",
  refunded: "bg-slate-600",
  chargeback: "bg-rose-600",
  declined: "bg-rose-500",
  canceled: "bg-slate-400",
  expired: "bg-slate-400",
};

export function Timeline({ events }: { events: TimelineEvent[] }) {
  const f = useFormat();
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5" data-testid="order-timeline">
      {events.map((event) => (
        <li key={event.kind} className="relative" data-testid={`timeline-${event.kind}`}>
          <span className={`absolute -left-[26px] top-1 h-2.5 w-2.5 rounded-full ring-4 ring-white ${timelineDot[event.kind]}`} />
          <p className="text-sm font-medium text-slate-900">{timelineLabel[event.kind]}</p>
          <p className="text-xs text-slate-600">{f.dateTime(event.at)}</p>
          {event.note && <p className="mt-1 text-xs text-slate-600">“{event.note}”</p>}
        </li>
      ))}
    </ol>
  );
}

export function LedgerEntries({ entries }: { entries: LedgerEntryView[] }) {
  const f = useFormat();
  const signed = (n: number) => (n > 0 ? `+${f.number(n)}` : f.number(n));
  if (entries.length === 0) return <EmptyState title="No ledger entries">Coins move when the order is delivered, refunded or charged back.</EmptyState>;
  return (
    <Table head={["Entry", "Currency", <NumberHead key="paid">Paid</NumberHead>, <NumberHead key="bonus">Bonus</NumberHead>, <NumberHead key="after">Balance after</NumberHead>, "Reason", "When"]}>
      {entries.map((e) => (
        <tr key={e.id} data-testid="ledger-row">
          <td className="px-3 py-2 font-mono text-xs">{e.type}</td>
          <td className="px-3 py-2">{e.currency}</td>
          <td className="px-3 py-2 text-right tabular-nums">{signed(e.paidDelta)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{signed(e.bonusDelta)}</td>
          <td className="px-3 py-2 text-right tabular-nums">
            {f.number(e.balanceAfter.total)}
            <span className="ml-1 text-xs text-slate-600">
              ({f.number(e.balanceAfter.paid)} paid, {f.number(e.balanceAfter.bonus)} bonus)
            </span>
          </td>
          <td className="px-3 py-2 text-xs text-slate-600">{e.reason ?? "—"}</td>
          <td className="whitespace-nowrap px-3 py-2 text-xs text-slate-600">{f.dateTime(e.createdAt)}</td>
        </tr>
      ))}
    </Table>
  );
}

const deliveryTone = { pending: "amber", succeeded: "green", abandoned: "red" } as const;

/**
 * Why an order has no delivery: no endpoint subscribed to order events, or only disabled ones (an
 * endpoint switched off after failures or by staff receives nothing until it is enabled again).
 */
function NoDeliveryReason({ endpoints, webhooksHref }: { endpoints: SubscribedEndpointView[]; webhooksHref: string }) {
  const f = useFormat();
  const link = (
    <a href={webhooksHref} className="text-indigo-700 underline">
      Webhooks
    </a>
  );
  if (endpoints.length === 0) return <>No endpoint is subscribed to order events; add one on the {link} page.</>;
  const disabled = endpoints.filter((e) => !e.active);
  if (disabled.length === endpoints.length) {
    return (
      <span data-testid="webhook-disabled-note">
        {disabled.map((e, i) => (
          <span key={e.id}>
            {i > 0 && " "}
            <span className="break-all font-mono">{e.url}</span> is subscribed, but the endpoint is disabled
            {e.disabledAt ? ` (since ${f.dateTime(e.disabledAt)}${e.disabledReason === "failures" ? ", after repeated failures" : e.disabledReason === "staff" ? ", by staff" : ""})` : ""}.
          </span>
        ))}{" "}
        Enable it on the {link} page; events are not sent while it is disabled.
      </span>
    );
  }
  return <>An endpoint is subscribed now, but none was subscribed and enabled when these events happened.</>;
}

export function WebhookDeliveries({
  events,
  deliveries,
  endpoints,
  webhooksHref,
}: {
  events: OrderEventView[];
  deliveries: OrderDeliveryView[];
  endpoints: SubscribedEndpointView[];
  webhooksHref: string;
}) {
  const f = useFormat();
  if (events.length === 0) return <EmptyState title="No events yet">Events are recorded when the order is fulfilled, refunded or charged back.</EmptyState>;
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-600">
        Events: {events.map((e) => e.type).join(", ")}. {deliveries.length === 0 && <NoDeliveryReason endpoints={endpoints} webhooksHref={webhooksHref} />}
      </p>
      {deliveries.length > 0 && (
        <Table head={["Event", "Endpoint", "Status", <NumberHead key="attempts">Attempts</NumberHead>, "Last answer", "Next attempt"]}>
          {deliveries.map((d) => (
            <tr key={d.id} data-testid="delivery-row">
              <td className="px-3 py-2 font-mono text-xs">{d.eventType ?? d.eventId}</td>
              <td className="max-w-[16rem] break-all px-3 py-2 text-xs text-slate-600">
                {d.endpointUrl ?? d.endpointId}
              </td>
              <td className="px-3 py-2" data-testid="delivery-status">
                <Badge tone={deliveryTone[d.status]}>{d.status}</Badge>
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="delivery-attempts">
                {f.number(d.attempts)}
              </td>
              <td className="px-3 py-2 text-xs text-slate-600">
                {d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? "—")}
                {d.lastAttemptAt && <span className="block text-slate-600">{f.dateTime(d.lastAttemptAt)}</span>}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-xs text-slate-600">{d.status === "pending" && d.nextAttemptAt ? f.dateTime(d.nextAttemptAt) : "—"}</td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

const providerEventTone = { processed: "green", ignored: "gray", refused: "red", deferred: "amber" } as const;

/** What the payment provider reported about the order and what Gamecoin made of it (partial refunds, refusals…). */
export function ProviderEvents({ events }: { events: ProviderEventView[] }) {
  const f = useFormat();
  return (
    <Table head={["Event", "Verdict", "Detail", "Received"]}>
      {events.map((e) => (
        <tr key={`${e.provider}:${e.eventId}`} data-testid="provider-event-row">
          <td className="px-3 py-2 font-mono text-xs" title={e.eventId}>
            {e.type}
          </td>
          <td className="px-3 py-2">
            <Badge tone={providerEventTone[e.status]}>{e.status}</Badge>
          </td>
          <td className="px-3 py-2 text-xs text-slate-600">{e.detail ?? "—"}</td>
          <td className="whitespace-nowrap px-3 py-2 text-xs text-slate-600">{f.dateTime(e.receivedAt)}</td>
        </tr>
      ))}
    </Table>
  );
}
