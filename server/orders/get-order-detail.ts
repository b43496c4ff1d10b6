import "server-only";
import { and, arrayOverlaps, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { currencies, items, ledgerEntries, outboxEvents, paymentEvents, players, webhookDeliveries, webhookEndpoints, type DeliveryStatus, type PaymentEventStatus } from "@/db/schema";
import { getGame } from "@/server/games/game-settings";
import type { GameSettings } from "@/server/games/game-settings";
import type { GameScope } from "@/server/lib/scope";
import { ledgerEntryText, parseLedgerEntry, type LedgerEntryView } from "@/server/wallet/wallet-views";
import { isPastExpiry } from "./order-expiry";
import { findOrder } from "./find-order";
import { orderMoves, type OrderMove } from "./order-transitions";
import type { OrderRow } from "./order-view";
import { toStaffOrderView, type StaffOrderView } from "./staff-order-view";
import { isStoreSale, storeSaleOf, type StoreSaleView } from "./store-sale-view";

export type TimelineKind = "created" | "paid" | "fulfilled" | "refunded" | "chargeback" | "declined" | "canceled" | "expired";
export type TimelineEvent = { kind: TimelineKind; at: string; note: string | null };

export type OrderEventView = { id: string; type: string; createdAt: string };

export type OrderDeliveryView = {
  id: string;
  eventId: string;
  eventType: string | null;
  endpointId: string;
  endpointUrl: string | null;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  succeededAt: string | null;
};

/** What the payment provider said about the order (its events and their verdicts), for support. */
export type ProviderEventView = { provider: string; eventId: string; type: string; status: PaymentEventStatus; detail: string | null; receivedAt: string };

/** Which state-machine moves the order allows now (the page shows only buttons that can work). */
export type OrderMovesNow = Record<"refund" | "pay" | "decline" | "chargeback", boolean>;

export type OrderDetail = {
  order: StaffOrderView;
  player: { id: string; externalId: string | null; displayName: string | null };
  timeline: TimelineEvent[];
  ledger: LedgerEntryView[];
  events: OrderEventView[];
  deliveries: OrderDeliveryView[];
  providerEvents: ProviderEventView[];
  /** App Store and Google Play sales: the store's transaction and price (the store refunds, not staff). */
  storeSale: StoreSaleView | null;
  moves: OrderMovesNow;
  /** Catalog names of the items in the order, by SKU (an item deleted since keeps only its SKU). */
  itemNames: Record<string, string>;
  /** Catalog names of the order's currencies, by code (a currency deleted since keeps only its code). */
  currencyNames: Record<string, string>;
  /** What a refund does to coins already spent: a debt (`allow`) or stopping at zero (`clamp`). */
  negativeBalance: GameSettings["negativeBalance"];
  /** The endpoints subscribed to order events now, enabled or not (why there may be no delivery). */
  subscribedEndpoints: SubscribedEndpointView[];
};

export type SubscribedEndpointView = { id: string; url: string; active: boolean; disabledReason: "failures" | "staff" | null; disabledAt: string | null };

const ORDER_EVENT_TYPES = ["order.fulfilled", "order.refunded", "order.chargeback"];

const closedKind = { failed: "declined", canceled: "canceled", expired: "expired" } as const;

/** The order's history, read from its timestamps (each move sets its own), oldest first. */
export function orderTimeline(order: OrderRow): TimelineEvent[] {
  const events: TimelineEvent[] = [{ kind: "created", at: order.createdAt.toISOString(), note: null }];
  const add = (kind: TimelineKind, at: Date | null, note: string | null = null) => {
    if (at) events.push({ kind, at: at.toISOString(), note });
  };
  add("paid", order.paidAt);
  add("fulfilled", order.fulfilledAt);
  add("refunded", order.refundedAt, order.refundReason);
  add("chargeback", order.chargebackAt);
  if (order.status === "failed" || order.status === "canceled" || order.status === "expired") add(closedKind[order.status], order.closedAt);
  // A stable sort keeps the natural order (paid before fulfilled) when two moves share a timestamp.
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

function allows(order: OrderRow, move: OrderMove): boolean {
  return orderMoves[move].from.includes(order.status);
}

/**
 * Everything the order page shows: the order, its timeline, the ledger entries that refer to it,
 * the events it produced and their webhook deliveries (read-only: delivery is the webhooks domain's).
 */
export async function getOrderDetail(db: Db, scope: GameScope, orderId: string): Promise<OrderDetail> {
  const order = await findOrder(db, scope, { orderId });
  const skus = [...new Set([...order.items, ...(order.deliveredItems ?? [])].map((item) => item.sku))];
  const codes = [...new Set(order.grants.map((g) => g.currency))];
  const [playerRows, ledgerRows, eventRows, itemRows, providerRows, currencyRows, endpointRows, game] = await Promise.all([
    db.select({ externalId: players.externalId, displayName: players.displayName }).from(players).where(eq(players.id, order.playerId)).limit(1),
    db
      .select({ text: ledgerEntryText })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.gameId, scope.gameId), eq(ledgerEntries.env, scope.env)))
      .orderBy(asc(ledgerEntries.id)),
    db
      .select({ id: outboxEvents.id, type: outboxEvents.type, createdAt: outboxEvents.createdAt })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.orderId, order.id), eq(outboxEvents.gameId, scope.gameId), eq(outboxEvents.env, scope.env)))
      .orderBy(asc(outboxEvents.createdAt), asc(outboxEvents.id)),
    skus.length
      ? db.select({ sku: items.sku, name: items.name }).from(items).where(and(eq(items.gameId, scope.gameId), eq(items.env, scope.env), inArray(items.sku, skus)))
      : Promise.resolve([]),
    db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, order.id), eq(paymentEvents.gameId, scope.gameId), eq(paymentEvents.env, scope.env)))
      .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.eventId)),
    codes.length
      ? db
          .select({ code: currencies.code, name: currencies.name })
          .from(currencies)
          .where(and(eq(currencies.gameId, scope.gameId), eq(currencies.env, scope.env), inArray(currencies.code, codes)))
      : Promise.resolve([]),
    db
      .select()
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.gameId, scope.gameId),
          eq(webhookEndpoints.env, scope.env),
          arrayOverlaps(webhookEndpoints.events, ORDER_EVENT_TYPES),
        ),
      )
      .orderBy(asc(webhookEndpoints.createdAt)),
    getGame(db, scope.gameId),
  ]);
  const storeSale = await storeSaleOf(db, scope, order);
  const eventType = new Map(eventRows.map((e) => [e.id, e.type]));
  const deliveryRows = eventRows.length
    ? await db
        .select({ delivery: webhookDeliveries, endpointUrl: webhookEndpoints.url })
        .from(webhookDeliveries)
        .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(inArray(webhookDeliveries.eventId, [...eventType.keys()]), eq(webhookDeliveries.gameId, scope.gameId), eq(webhookDeliveries.env, scope.env)))
        .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
    : [];
  const player = playerRows[0];
  return {
    order: toStaffOrderView(order),
    player: { id: order.playerId, externalId: player?.externalId ?? null, displayName: player?.displayName ?? null },
    timeline: orderTimeline(order),
    ledger: ledgerRows.map((row) => parseLedgerEntry(row.text)),
    events: eventRows.map((e) => ({ id: e.id, type: e.type, createdAt: e.createdAt.toISOString() })),
    deliveries: deliveryRows.map(({ delivery: d, endpointUrl }) => ({
      id: d.id,
      eventId: d.eventId,
      eventType: eventType.get(d.eventId) ?? null,
      endpointId: d.endpointId,
      endpointUrl,
      status: d.status,
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode,
      lastError: d.lastError,
      lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
      nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
      succeededAt: d.succeededAt?.toISOString() ?? null,
    })),
    providerEvents: providerRows.map((e) => ({
      provider: e.provider,
      eventId: e.eventId,
      type: e.type,
      status: e.status,
      detail: e.detail,
      receivedAt: e.receivedAt.toISOString(),
    })),
    itemNames: Object.fromEntries(itemRows.map((item) => [item.sku, item.name])),
    currencyNames: Object.fromEntries(currencyRows.map((c) => [c.code, c.name])),
    negativeBalance: game.settings.negativeBalance,
    subscribedEndpoints: endpointRows.map((e) => ({
      id: e.id,
      url: e.url,
      active: e.active,
      disabledReason: e.disabledReason,
      disabledAt: e.disabledAt?.toISOString() ?? null,
    })),
    storeSale,
    moves: {
      // The store is the merchant of a store sale: only its refund (a notification) takes it back.
      refund: allows(order, "refund") && !isStoreSale(order),
      // A pending order past its expiry time can no longer be paid, even before the expiry job ran.
      pay: allows(order, "pay") && !isPastExpiry(order),
      decline: allows(order, "decline"),
      chargeback: allows(order, "chargeback"),
    },
  };
}
