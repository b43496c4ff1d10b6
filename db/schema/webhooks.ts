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
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("webhook_endpoints_url_unique").on(t.gameId, t.env, t.url),
    index("webhook_endpoints_game").on(t.gameId),
  ],
);
