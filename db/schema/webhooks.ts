import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { environments, games } from "./tenancy";

export const webhookEventTypes = [
  "order.fulfilled",
  "wallet.credited",
  "order.refunded",
  "order.chargeback",
  "webhook.test",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    // The receiver needs the exact secret to verify, so it is kept (not hashed); shown once in the UI.
    signingSecret: text("signing_secret").notNull(),
    active: boolean("active").notNull().default(true),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    // Why and when the endpoint stopped receiving: "failures" (auto-disabled) or "staff".
    disabledReason: text("disabled_reason", { enum: ["failures", "staff"] }),
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("webhook_endpoints_url_unique").on(t.gameId, t.env, t.url),
    index("webhook_endpoints_game").on(t.gameId),
  ],
);

export const deliveryStatuses = ["pending", "succeeded", "abandoned"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** One row per (event, endpoint): created with the event, claimed by workers when due. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id),
    gameId: text("game_id").notNull(),
    env: text("env", { enum: environments }).notNull(),
    status: text("status", { enum: deliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }),
    // A claimed delivery is leased until this time; a crashed worker's lease runs out and it is sent again.
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date" }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    responseExcerpt: text("response_excerpt"),
    succeededAt: timestamp("succeeded_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint").on(t.eventId, t.endpointId),
    index("webhook_deliveries_due").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_endpoint").on(t.endpointId, t.createdAt),
  ],
);

/** Every attempt of a delivery, for the dashboard's delivery log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer("attempt").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    responseExcerpt: text("response_excerpt"),
  },
  (t) => [index("webhook_attempts_delivery").on(t.deliveryId, t.attempt)],
);
