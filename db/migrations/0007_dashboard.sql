CREATE TABLE "gift_code_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"label" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_code_batches" ADD CONSTRAINT "gift_code_batches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_code_batches_game_env" ON "gift_code_batches" USING btree ("game_id","env","created_at");--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_batch_id_gift_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."gift_code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "webhook_endpoints" SET "disabled_reason" = CASE WHEN "consecutive_failures" > 0 THEN 'failures' ELSE 'staff' END, "disabled_at" = "updated_at" WHERE "active" = false;
