import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { environments, games } from "./tenancy";
import type { ItemQuantity } from "./catalog";

export type CodeGrant = { currency: string; amount: number };

export const creatorCodes = pgTable(
  "creator_codes",
  {
    gameId: text("game_id").notNull().references(() => games.id),
    // Normalized upper case.
    code: text("code").notNull(),
    creatorName: text("creator_name").notNull(),
    rateBp: integer("rate_bp").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.code] })],
);

/** Codes issued together from the dashboard, under one label (fixture and single codes have no batch). */
export const giftCodeBatches = pgTable(
  "gift_code_batches",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    label: text("label").notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("gift_code_batches_game_env").on(t.gameId, t.env, t.createdAt)],
);

export const giftCodes = pgTable(
  "gift_codes",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    // Normalized: upper case, dashes and spaces removed.
    code: text("code").notNull(),
    // As issued, for display and export.
    displayCode: text("display_code").notNull(),
    maxUses: integer("max_uses").notNull(),
    useCount: integer("use_count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    disabled: boolean("disabled").notNull().default(false),
    grants: jsonb("grants").$type<CodeGrant[]>().notNull().default([]),
    items: jsonb("items").$type<ItemQuantity[]>().notNull().default([]),
    batchId: text("batch_id").references(() => giftCodeBatches.id),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("gift_codes_code_unique").on(t.gameId, t.env, t.code)],
);

export const giftCodeRedemptions = pgTable(
  "gift_code_redemptions",
  {
    giftCodeId: text("gift_code_id").notNull().references(() => giftCodes.id),
    playerId: text("player_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.giftCodeId, t.playerId] })],
);
