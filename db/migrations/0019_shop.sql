CREATE TABLE "shop_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"player_id" text NOT NULL,
	"locale" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"player_id" text NOT NULL,
	"locale" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"logo_url" text,
	"accent_color" text,
	"return_url" text,
	"app_schemes" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_settings_game_id_env_pk" PRIMARY KEY("game_id","env")
);
--> statement-breakpoint
CREATE INDEX "shop_links_expires" ON "shop_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "shop_sessions_expires" ON "shop_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "shop_sessions_player" ON "shop_sessions" USING btree ("player_id");