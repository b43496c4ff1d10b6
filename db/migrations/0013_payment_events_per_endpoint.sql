ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_provider_event_id_pk";--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_provider_game_id_env_event_id_pk" PRIMARY KEY("provider","game_id","env","event_id");--> statement-breakpoint
ALTER TABLE "game_environments" ADD COLUMN "stripe_reversals_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "country_is_fallback" boolean DEFAULT false NOT NULL;