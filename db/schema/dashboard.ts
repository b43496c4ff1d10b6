import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { staff, staffRoles, studios } from "./tenancy";

/** Who changed what, when, with the state before and after. Written by every dashboard write. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    studioId: text("studio_id")
      .notNull()
      .references(() => studios.id),
    staffId: text("staff_id"),
    staffEmail: text("staff_email"),
    action: text("action").notNull(),
    gameId: text("game_id"),
    env: text("env"),
    targetType: text("target_type"),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("audit_log_studio_created").on(t.studioId, t.createdAt)],
);

export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: text("id").primaryKey(),
    studioId: text("studio_id")
      .notNull()
      .references(() => studios.id),
    email: text("email").notNull(),
    role: text("role", { enum: staffRoles }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("staff_invitations_token").on(t.tokenHash), index("staff_invitations_studio").on(t.studioId)],
);

/**
 * A staff member's request to choose a new password (server/auth/password-reset.ts): only the link
 * token's hash is kept. A link works once, until it expires; a newer request deletes the older pending ones.
 */
export const staffPasswordResets = pgTable(
  "staff_password_resets",
  {
    id: text("id").primaryKey(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("staff_password_resets_token").on(t.tokenHash), index("staff_password_resets_staff").on(t.staffId)],
);
