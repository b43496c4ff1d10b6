CREATE TABLE "store_settings" (
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"app_store_bundle_id" text,
	"app_store_app_apple_id" bigint,
	"app_store_issuer_id" text,
	"app_store_key_id" text,
	"app_store_private_key" text,
	"app_store_private_key_hint" text,
	"app_store_updated_at" timestamp with time zone,
	"google_play_package_name" text,
	"google_play_client_email" text,
	"google_play_private_key" text,
	"google_play_private_key_hint" text,
	"google_play_notification_token" text,
	"google_play_notification_token_hint" text,
	"google_play_updated_at" timestamp with time zone,
	CONSTRAINT "store_settings_game_id_env_pk" PRIMARY KEY("game_id","env")
);
--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "app_store_product_id" text;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "google_play_product_id" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packs_app_store_product" ON "packs" USING btree ("game_id","env","app_store_product_id") WHERE "packs"."app_store_product_id" is not null and "packs"."status" <> 'archived';--> statement-breakpoint
CREATE UNIQUE INDEX "packs_google_play_product" ON "packs" USING btree ("game_id","env","google_play_product_id") WHERE "packs"."google_play_product_id" is not null and "packs"."status" <> 'archived';