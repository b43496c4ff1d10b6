import { bigint, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { environments, games } from "./tenancy";
import { players } from "./players";
import { orders } from "./orders";
import { stores } from "./stores";

/**
 * Every store transaction Gamecoin has seen, once per (game, environment, store, transaction id): the
 * primary key is what makes one App Store or Google Play purchase credit once, ever. A row is written
 * when a purchase is recorded (player and order set) or when the store revokes a transaction that was
 * never recorded (player and order null, `revokedAt` set), so a later attempt to record it is refused.
 */
export const storeTransactions = pgTable(
  "store_transactions",
  {
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    store: text("store", { enum: stores }).notNull(),
    // Apple: the transactionId; Google Play: the orderId (GPA.…) of the purchase.
    transactionId: text("transaction_id").notNull(),
    // Null for a revocation Google reported without naming the product.
    productId: text("product_id"),
    playerId: text("player_id").references(() => players.id),
    orderId: text("order_id").references(() => orders.id),
    // Google Play: the purchase token, which the Developer API's calls (consume, voided list) name.
    purchaseToken: text("purchase_token"),
    // What the buyer paid the store, as the store reported it (Apple: milli-units of `currency`).
    priceMillis: bigint("price_millis", { mode: "number" }),
    currency: text("currency"),
    storefront: text("storefront"),
    // Google Play: when Gamecoin consumed the purchase (Google refunds one left unacknowledged for 3 days).
    consumedAt: timestamp("consumed_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    revocationReason: text("revocation_reason"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.env, t.store, t.transactionId] }),
    index("store_transactions_order").on(t.orderId),
    index("store_transactions_purchase_token").on(t.gameId, t.env, t.purchaseToken),
  ],
);

/**
 * How far the `payments` job has read a store's list of voided purchases, per environment, so each run
 * asks only for what is new (with an overlap: a revocation seen twice changes nothing the second time).
 */
export const storeVoidedChecks = pgTable(
  "store_voided_checks",
  {
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    store: text("store", { enum: stores }).notNull(),
    checkedUntil: timestamp("checked_until", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.env, t.store] })],
);
