CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"kind" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_hint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "game_environments" (
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"allowed_origins" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "game_environments_game_id_env_pk" PRIMARY KEY("game_id","env")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"spend_order" text DEFAULT 'bonus_first' NOT NULL,
	"negative_balance" text DEFAULT 'allow' NOT NULL,
	"anonymous_players" boolean DEFAULT true NOT NULL,
	"prelaunch" boolean DEFAULT false NOT NULL,
	"launch_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "games_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studios" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "studios_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"game_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"purchasable" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "currencies_game_id_code_pk" PRIMARY KEY("game_id","code")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"game_id" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"price_currency" text,
	"price_amount" bigint,
	"max_owned" bigint,
	"client_purchasable" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "items_game_id_sku_pk" PRIMARY KEY("game_id","sku")
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"game_id" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"grants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"badge" text,
	"max_per_player" integer,
	"limited" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"stock" integer,
	"founder" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "packs_game_id_sku_pk" PRIMARY KEY("game_id","sku")
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"player_id" text NOT NULL,
	"currency" text NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "balances_player_id_currency_pk" PRIMARY KEY("player_id","currency")
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"principal" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"operation" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_records_game_id_env_principal_key_pk" PRIMARY KEY("game_id","env","principal","key")
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"player_id" text NOT NULL,
	"sku" text NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"quantity" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inventory_player_id_sku_pk" PRIMARY KEY("player_id","sku")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"player_id" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"paid_delta" bigint NOT NULL,
	"bonus_delta" bigint NOT NULL,
	"paid_after" bigint NOT NULL,
	"bonus_after" bigint NOT NULL,
	"reason" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_id" text,
	"item_sku" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" text NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"external_id" text,
	"kind" text NOT NULL,
	"display_name" text,
	"email" text,
	"birth_year" integer,
	"country" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"secret_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_codes" (
	"game_id" text NOT NULL,
	"code" text NOT NULL,
	"creator_name" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "creator_codes_game_id_code_pk" PRIMARY KEY("game_id","code")
);
--> statement-breakpoint
CREATE TABLE "gift_code_redemptions" (
	"gift_code_id" text NOT NULL,
	"player_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_code_redemptions_gift_code_id_player_id_pk" PRIMARY KEY("gift_code_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"code" text NOT NULL,
	"display_code" text NOT NULL,
	"max_uses" integer NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"grants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"signing_secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_environments" ADD CONSTRAINT "game_environments_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_tokens" ADD CONSTRAINT "player_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_codes" ADD CONSTRAINT "creator_codes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_code_redemptions" ADD CONSTRAINT "gift_code_redemptions_gift_code_id_gift_codes_id_fk" FOREIGN KEY ("gift_code_id") REFERENCES "public"."gift_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_game_env" ON "api_keys" USING btree ("game_id","env");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_unique" ON "staff" USING btree ("email");--> statement-breakpoint
CREATE INDEX "idempotency_created" ON "idempotency_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_player_id" ON "ledger_entries" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "ledger_player_currency_id" ON "ledger_entries" USING btree ("player_id","currency","id");--> statement-breakpoint
CREATE INDEX "ledger_order" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "player_tokens_expires" ON "player_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "player_tokens_player" ON "player_tokens" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_external_unique" ON "players" USING btree ("game_id","env","external_id");--> statement-breakpoint
CREATE INDEX "players_game_env_created" ON "players" USING btree ("game_id","env","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_code_unique" ON "gift_codes" USING btree ("game_id","env","code");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_url_unique" ON "webhook_endpoints" USING btree ("game_id","env","url");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_game" ON "webhook_endpoints" USING btree ("game_id");