import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { environments, games } from "./tenancy";
import { players } from "./players";
import type { ItemQuantity, PackGrant } from "./catalog";

export const orderStatuses = ["pending", "paid", "fulfilled", "refunded", "chargeback", "failed", "canceled", "expired"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Orders in these states hold a unit of stock and count against `maxPerPlayer`. */
export const holdingOrderStatuses: OrderStatus[] = ["pending", "paid", "fulfilled", "refunded", "chargeback"];

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    playerId: text("player_id").notNull().references(() => players.id),
    status: text("status", { enum: orderStatuses }).notNull(),
    packSku: text("pack_sku").notNull(),
    packName: text("pack_name").notNull(),
    // What the order delivers, as sold: later catalog edits do not change a past order or its refund.
    grants: jsonb("grants").$type<PackGrant[]>().notNull(),
    items: jsonb("items").$type<ItemQuantity[]>().notNull(),
    // What fulfillment really added (an item over its maxOwned is delivered up to the limit).
    deliveredItems: jsonb("delivered_items").$type<ItemQuantity[]>(),
    amountCents: integer("amount_cents").notNull(),
    country: text("country").notNull(),
    // True when neither the checkout nor the player named a country (Belgium by default): only then may
    // the payment page preselect the buyer's own from the browser's language.
    countryIsFallback: boolean("country_is_fallback").notNull().default(false),
    vatRateBp: integer("vat_rate_bp").notNull(),
    vatCents: integer("vat_cents").notNull(),
    netCents: integer("net_cents").notNull(),
    locale: text("locale"),
    successUrl: text("success_url"),
    cancelUrl: text("cancel_url"),
    // Where the confirmation page may post its message (the checkout's Origin or successUrl's origin).
    returnOrigin: text("return_origin"),
    // SECURITY: the hosted page is opened by an unguessable token; only its hash is kept.
    checkoutTokenHash: text("checkout_token_hash").notNull(),
    creatorCode: text("creator_code"),
    creatorName: text("creator_name"),
    creatorRateBp: integer("creator_rate_bp"),
    creatorShareCents: integer("creator_share_cents"),
    provider: text("provider").notNull(),
    // The provider's payment (Stripe: the PaymentIntent id), once known.
    providerReference: text("provider_reference"),
    // The provider's current checkout (Stripe: the Checkout Session id) and how many were started:
    // a country change expires the session and starts attempt + 1 (its Idempotency-Key differs).
    providerSessionId: text("provider_session_id"),
    providerAttempt: integer("provider_attempt").notNull().default(0),
    // When the buyer consented to immediate delivery and the loss of the right of withdrawal.
    consentAt: timestamp("consent_at", { withTimezone: true, mode: "date" }),
    // Which wording the buyer consented to (server/payments/consent-wording.ts keeps every version).
    consentVersion: text("consent_version"),
    // VAT evidence of the buyer's country beside the picked `country` (Implementing Regulation 282/2011
    // art. 24f): the pay request's IP address country, and the payment method's issuing country as the
    // provider reported it (with which provider field said so). Null: not known.
    ipCountry: text("ip_country"),
    paymentCountry: text("payment_country"),
    paymentCountrySource: text("payment_country_source"),
    // A refund sent to the provider whose outcome is not recorded yet (reconciliation confirms it).
    refundRequestedAt: timestamp("refund_requested_at", { withTimezone: true, mode: "date" }),
    // The last dispute's state as the provider reported it: open, won, lost…
    disputeStatus: text("dispute_status"),
    disputeReference: text("dispute_reference"),
    refundReason: text("refund_reason"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true, mode: "date" }),
    refundedAt: timestamp("refunded_at", { withTimezone: true, mode: "date" }),
    chargebackAt: timestamp("chargeback_at", { withTimezone: true, mode: "date" }),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("orders_checkout_token").on(t.checkoutTokenHash),
    index("orders_pack_status").on(t.gameId, t.env, t.packSku, t.status),
    index("orders_player_pack").on(t.playerId, t.packSku),
    index("orders_pending_expiry").on(t.status, t.expiresAt),
    index("orders_game_env_created").on(t.gameId, t.env, t.createdAt),
    index("orders_provider_session").on(t.providerSessionId),
    // The dashboard's order search by the provider's payment id (Stripe pi_…).
    index("orders_provider_reference").on(t.gameId, t.env, t.providerReference),
  ],
);

/**
 * Events recorded in the transaction of the change they describe; delivery reads them later.
 * `payload` is the full envelope sent to receivers, so every attempt sends the same body.
 */
export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    type: text("type").notNull(),
    orderId: text("order_id"),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("outbox_game_env_created").on(t.gameId, t.env, t.createdAt), index("outbox_order").on(t.orderId)],
);

export const paymentEventStatuses = ["processed", "ignored", "refused", "deferred"] as const;
export type PaymentEventStatus = (typeof paymentEventStatuses)[number];

/**
 * Events received from payment providers, one row per provider event id: an event is processed once,
 * and a deferred one (it arrived before the event it follows) is processed again by reconciliation.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    type: text("type").notNull(),
    orderId: text("order_id"),
    status: text("status", { enum: paymentEventStatuses }).notNull(),
    detail: text("detail"),
    // The verified event as received, for deferred processing and support.
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // Per endpoint, not per account: games sharing one Stripe account each receive every event of it,
    // and each must judge it for itself (one game's "not mine" must not hide it from the game it is for).
    primaryKey({ columns: [t.provider, t.gameId, t.env, t.eventId] }),
    index("payment_events_order").on(t.orderId),
    index("payment_events_deferred").on(t.status, t.receivedAt),
  ],
);
