CREATE TABLE "store_transactions" (
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"store" text NOT NULL,
	"transaction_id" text NOT NULL,
	"product_id" text,
	"player_id" text,
	"order_id" text,
	"purchase_token" text,
	"price_millis" bigint,
	"currency" text,
	"storefront" text,
	"consumed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_transactions_game_id_env_store_transaction_id_pk" PRIMARY KEY("game_id","env","store","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "store_voided_checks" (
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"store" text NOT NULL,
	"checked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "store_voided_checks_game_id_env_store_pk" PRIMARY KEY("game_id","env","store")
);
--> statement-breakpoint
ALTER TABLE "store_transactions" ADD CONSTRAINT "store_transactions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_transactions" ADD CONSTRAINT "store_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_transactions" ADD CONSTRAINT "store_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_voided_checks" ADD CONSTRAINT "store_voided_checks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_transactions_order" ON "store_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_transactions_purchase_token" ON "store_transactions" USING btree ("game_id","env","purchase_token");