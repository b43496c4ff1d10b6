import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const environments = ["test", "live"] as const;
export type Environment = (typeof environments)[number];

export const staffRoles = ["viewer", "support", "developer", "admin", "owner"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const studios = pgTable("studios", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  // IANA zone every dashboard date is shown in.
  timeZone: text("time_zone").notNull().default("UTC"),
  // Days the studio's audit log is kept; the cleanup job (server/jobs/cleanup.ts) deletes older entries.
  auditRetentionDays: integer("audit_retention_days").notNull().default(730),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
});

export const staff = pgTable(
  "staff",
  {
    id: text("id").primaryKey(),
    studioId: text("studio_id").notNull().references(() => studios.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash"),
    role: text("role", { enum: staffRoles }).notNull(),
    // Sessions carry the epoch they were signed in under; raising it (a password reset) ends them all.
    sessionEpoch: integer("session_epoch").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("staff_email_unique").on(t.email)],
);

export const games = pgTable("games", {
  id: text("id").primaryKey(),
  studioId: text("studio_id").notNull().references(() => studios.id),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  spendOrder: text("spend_order", { enum: ["bonus_first", "paid_first"] }).notNull().default("bonus_first"),
  negativeBalance: text("negative_balance", { enum: ["allow", "clamp"] }).notNull().default("allow"),
  anonymousPlayers: boolean("anonymous_players").notNull().default(true),
  prelaunch: boolean("prelaunch").notNull().default(false),
  launchAt: timestamp("launch_at", { withTimezone: true, mode: "date" }),
  // The seller's identity and legal links, shown on the hosted payment page (EU consumer law).
  sellerName: text("seller_name"),
  sellerAddress: text("seller_address"),
  sellerEmail: text("seller_email"),
  sellerVatNumber: text("seller_vat_number"),
  termsUrl: text("terms_url"),
  privacyUrl: text("privacy_url"),
  // An archived game leaves the dashboard's lists; its API keys keep working until revoked.
  archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
});

export const paymentProviders = ["none", "simulator", "stripe", "mollie"] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

export const gameEnvironments = pgTable(
  "game_environments",
  {
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    allowedOrigins: text("allowed_origins").array().notNull().default([]),
    // null: the environment's default (test: simulator, live: none).
    paymentProvider: text("payment_provider", { enum: paymentProviders }),
    // SECURITY: sealed (server/lib/sealing.ts), bound to the game and environment; hints are for the dashboard.
    stripeSecretKey: text("stripe_secret_key"),
    stripeSecretKeyHint: text("stripe_secret_key_hint"),
    stripeWebhookSecret: text("stripe_webhook_secret"),
    stripeWebhookSecretHint: text("stripe_webhook_secret_hint"),
    stripeAccountId: text("stripe_account_id"),
    // Disputes and refunds made at Stripe up to this instant have been read back by the `payments` job.
    stripeReversalsCheckedAt: timestamp("stripe_reversals_checked_at", { withTimezone: true, mode: "date" }),
    // The job's last attempt at that read, whether or not Stripe answered: the next waits its turn (reversal-reads.ts).
    stripeReversalsTriedAt: timestamp("stripe_reversals_tried_at", { withTimezone: true, mode: "date" }),
    // SECURITY: sealed like the Stripe keys; the hint is for the dashboard.
    mollieApiKey: text("mollie_api_key"),
    mollieApiKeyHint: text("mollie_api_key_hint"),
    // Chargebacks and refunds made at Mollie up to this instant have been read back by the `payments` job.
    mollieReversalsCheckedAt: timestamp("mollie_reversals_checked_at", { withTimezone: true, mode: "date" }),
    // The job's last attempt at that read, as for Stripe.
    mollieReversalsTriedAt: timestamp("mollie_reversals_tried_at", { withTimezone: true, mode: "date" }),
    // The payment methods offered on the hosted page (payment-methods.ts); null: the provider's default.
    paymentMethods: text("payment_methods").array(),
    paymentsUpdatedAt: timestamp("payments_updated_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.env] })],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    gameId: text("game_id").notNull().references(() => games.id),
    env: text("env", { enum: environments }).notNull(),
    kind: text("kind", { enum: ["secret", "publishable"] }).notNull(),
    // SECURITY: only the SHA-256 of the key is stored; the key is shown once.
    keyHash: text("key_hash").notNull().unique(),
    // First characters and last four, for recognising a key in the dashboard.
    keyHint: text("key_hint").notNull(),
    name: text("name"),
    // Staff id of whoever created or rolled the key; null for keys from a fixture or the setup page.
    createdBy: text("created_by"),
    // Written at most once a minute per key, so the hot path stays read-only.
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    // Set when the key is rolled: it keeps working until then.
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("api_keys_game_env").on(t.gameId, t.env)],
);
