CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"type" text NOT NULL,
	"order_id" text,
	"status" text NOT NULL,
	"detail" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "stripe_secret_key" text;--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "stripe_secret_key_hint" text;--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "stripe_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "stripe_webhook_secret_hint" text;--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "payments_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "seller_name" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "seller_address" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "seller_email" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_session_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_reference" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_order" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_events_deferred" ON "payment_events" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "orders_provider_session" ON "orders" USING btree ("provider_session_id");