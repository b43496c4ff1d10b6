ALTER TABLE "game_environments" ADD COLUMN "mollie_api_key" text;--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "mollie_api_key_hint" text;--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "mollie_reversals_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "payment_methods" text[];