-- A read-back of disputes, chargebacks and refunds (server/payments/reversal-reads.ts) records its attempt
-- beside its cursor, so a refused key waits 10 minutes like a good one and never holds the others back.
ALTER TABLE "game_environments" ADD COLUMN "stripe_reversals_tried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "mollie_reversals_tried_at" timestamp with time zone;--> statement-breakpoint
-- An environment read back before keeps its cadence: its last attempt is its last complete read.
UPDATE "game_environments" SET "stripe_reversals_tried_at" = "stripe_reversals_checked_at", "mollie_reversals_tried_at" = "mollie_reversals_checked_at" WHERE "stripe_reversals_checked_at" IS NOT NULL OR "mollie_reversals_checked_at" IS NOT NULL;
