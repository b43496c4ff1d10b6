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

/**
 * Mails waiting to go out, written in the transaction of the change they tell about (a code issued, an
 * order fulfilled, a password changed): a rollback takes the mail with it, and a commit keeps it until
 * the `mail` job has sent it, even if the process dies right after the commit. A sent row is deleted
 * (the body may hold a sign-in code or a reset link, which must not outlive its use), and so is a row
 * given up after the last attempt. `next_attempt_at` is both the retry time and the lease of a sender.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    fromName: text("from_name").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("mail_outbox_due").on(t.nextAttemptAt)],
);
