import { boolean, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { environments } from "./tenancy";

/**
 * The hosted web shop of a game's environment (docs/shop.md). No row means the shop is off. `appSchemes`
 * are the URL schemes (for example `mygame`) the studio allows as return address besides https.
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    gameId: text("game_id").notNull(),
    env: text("env", { enum: environments }).notNull(),
    enabled: boolean("enabled").notNull().default(false),
    logoUrl: text("logo_url"),
    accentColor: text("accent_color"),
    returnUrl: text("return_url"),
    appSchemes: text("app_schemes").array().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.env] })],
);

/** Single-use sign-in links made by the game's server. SECURITY: only the token's SHA-256 is kept. */
export const shopLinks = pgTable(
  "shop_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    gameId: text("game_id").notNull(),
    env: text("env", { enum: environments }).notNull(),
    playerId: text("player_id").notNull(),
    locale: text("locale"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("shop_links_expires").on(t.expiresAt)],
);

/** Signed-in shop visitors. SECURITY: only the cookie value's SHA-256 is kept. */
export const shopSessions = pgTable(
  "shop_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    gameId: text("game_id").notNull(),
    env: text("env", { enum: environments }).notNull(),
    playerId: text("player_id").notNull(),
    locale: text("locale"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("shop_sessions_expires").on(t.expiresAt), index("shop_sessions_player").on(t.playerId)],
);
