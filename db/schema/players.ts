import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, json, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { environments, games } from "./tenancy";

export const ledgerEntryTypes = [
  "purchase_credit",
  "grant",
  "spend",
  "refund_clawback",
  "chargeback_clawback",
  "adjustment",
  "gift_code",
] as const;
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];

export const players = pgTable(
  "players",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    externalId: text("external_id"),
    kind: text("kind", { enum: ["external", "hosted"] }).notNull(),
    displayName: text("display_name"),
    email: text("email"),
    birthYear: integer("birth_year"),
    country: text("country"),
    blocked: boolean("blocked").notNull().default(false),
    // An address proven by an e-mail code (hosted players); one player per address and environment.
    linkedEmail: text("linked_email"),
    // SECURITY: anonymous players' secret, as a slow password hash.
    secretHash: text("secret_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    // The game's own id first: the money path looks a player up by it with game and environment left out
    // of the index condition, so no (game_id, env, …) index can look as good when statistics are missing
    // (db/migrations/0013_player_lookup.sql, docs/performance.md "Player look-up without statistics").
    uniqueIndex("players_external_unique").on(t.externalId, t.env, t.gameId),
    uniqueIndex("players_linked_email_unique").on(t.gameId, t.env, t.linkedEmail),
    // The dashboard's player list pages by id; the Blocked filter reads the few blocked players only.
    index("players_game_env_id").on(t.gameId, t.env, t.id),
    index("players_game_env_blocked").on(t.gameId, t.env, t.id).where(sql`${t.blocked}`),
    // The dashboard's player search (server/players/search-players.ts): a prefix of the game's own id,
    // an e-mail, part of a display name (trigrams; the migration creates the pg_trgm extension).
    index("players_external_prefix").on(t.gameId, t.env, t.externalId.op("text_pattern_ops")),
    index("players_email").on(t.gameId, t.env, t.email),
    index("players_display_name_trgm").using("gin", t.displayName.op("gin_trgm_ops")),
  ],
);

/**
 * The last part of a ledger entry id made by a balance move (server/wallet/ledger-moves.ts): taken
 * after the row lock, so two entries made in the same clock tick still sort in the order they were
 * made (PGlite's clock only has milliseconds).
 */
export const ledgerEntrySequence = pgSequence("ledger_entry_seq");

/** A cache of the ledger: the same transaction that appends an entry updates the row. */
export const balances = pgTable(
  "balances",
  {
    playerId: text("player_id").notNull().references(() => players.id),
    currency: text("currency").notNull(),
    gameId: text("game_id").notNull(),
    env: text("env", { enum: environments }).notNull(),
    paid: bigint("paid", { mode: "number" }).notNull().default(0),
    bonus: bigint("bonus", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.currency] })],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id").notNull(),
    env: text("env", { enum: environments }).notNull(),
    playerId: text("player_id").notNull().references(() => players.id),
    type: text("type", { enum: ledgerEntryTypes }).notNull(),
    currency: text("currency").notNull(),
    paidDelta: bigint("paid_delta", { mode: "number" }).notNull(),
    bonusDelta: bigint("bonus_delta", { mode: "number" }).notNull(),
    paidAfter: bigint("paid_after", { mode: "number" }).notNull(),
    bonusAfter: bigint("bonus_after", { mode: "number" }).notNull(),
    reason: text("reason"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    orderId: text("order_id"),
    itemSku: text("item_sku"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("ledger_player_id").on(t.playerId, t.id),
    index("ledger_player_currency_id").on(t.playerId, t.currency, t.id),
    // Only entries of an order: spends and grants, most of the ledger, carry no order and add no entry.
    index("ledger_order").on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
  ],
);

export const inventory = pgTable(
  "inventory",
  {
    playerId: text("player_id").notNull().references(() => players.id),
    sku: text("sku").notNull(),
    gameId: text("game_id").notNull(),
    env: text("env", { enum: environments }).notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.sku] }),
    // The domain refuses more with LIMIT_REACHED; this keeps every stored quantity exact as a JS number.
    check("inventory_quantity_range", sql`${t.quantity} >= 0 AND ${t.quantity} <= 1000000000000000`),
  ],
);

export const playerTokens = pgTable(
  "player_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    playerId: text("player_id").notNull().references(() => players.id),
    gameId: text("game_id").notNull(),
    env: text("env", { enum: environments }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("player_tokens_expires").on(t.expiresAt), index("player_tokens_player").on(t.playerId)],
);

/**
 * One row per successful idempotent request; written in the transaction of its effect. Partitioned by
 * week of created_at (migration 0015, server/idempotency/partitions.ts): the cleanup drops a whole
 * expired week instead of deleting its rows. A partitioned table's unique key must hold the partition
 * key, so "one live record per key" is kept by the trigger idempotency_records_one_live_key.
 */
export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    gameId: text("game_id").notNull(),
    env: text("env", { enum: environments }).notNull(),
    // "server" for secret-key calls, the player id for client calls.
    principal: text("principal").notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    operation: text("operation").notNull(),
    responseStatus: integer("response_status").notNull(),
    // json, not jsonb: json keeps the text as written, so a replay answers the original bytes (jsonb reorders keys).
    responseBody: json("response_body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  // No index on created_at across the weeks: the cleanup drops a week whole, so only the default and
  // pre-0015 partitions, whose expired rows are deleted, have one (migration 0022).
  (t) => [primaryKey({ columns: [t.gameId, t.env, t.principal, t.key, t.createdAt] })],
);
