import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { environments } from "./tenancy";

/** Six-digit codes mailed to prove an address; only a hash is kept, one use, five tries. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id").notNull(),
    env: text("env", { enum: environments }).notNull(),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: ["link", "sign_in"] }).notNull(),
    // The player asking to link the address (purpose "link").
    playerId: text("player_id"),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("email_codes_lookup").on(t.gameId, t.env, t.email, t.createdAt), index("email_codes_expires").on(t.expiresAt)],
);
