CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"player_id" text NOT NULL,
	"status" text NOT NULL,
	"pack_sku" text NOT NULL,
	"pack_name" text NOT NULL,
	"grants" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"delivered_items" jsonb,
	"amount_cents" integer NOT NULL,
	"country" text NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"locale" text,
	"success_url" text,
	"cancel_url" text,
	"return_origin" text,
	"checkout_token_hash" text NOT NULL,
	"creator_code" text,
	"creator_name" text,
	"creator_rate_bp" integer,
	"creator_share_cents" integer,
	"provider" text NOT NULL,
	"provider_reference" text,
	"refund_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"chargeback_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"type" text NOT NULL,
	"order_id" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_token" ON "orders" USING btree ("checkout_token_hash");--> statement-breakpoint
CREATE INDEX "orders_pack_status" ON "orders" USING btree ("game_id","env","pack_sku","status");--> statement-breakpoint
CREATE INDEX "orders_player_pack" ON "orders" USING btree ("player_id","pack_sku");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_game_env_created" ON "orders" USING btree ("game_id","env","created_at");--> statement-breakpoint
CREATE INDEX "outbox_game_env_created" ON "outbox_events" USING btree ("game_id","env","created_at");--> statement-breakpoint
CREATE INDEX "outbox_order" ON "outbox_events" USING btree ("order_id");