-- One catalog per environment. Existing rows become the test catalog and are copied as the live one,
-- so both environments keep selling exactly what they sold before the upgrade.
ALTER TABLE "currencies" ADD COLUMN "env" text NOT NULL DEFAULT 'test';--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "env" text NOT NULL DEFAULT 'test';--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "env" text NOT NULL DEFAULT 'test';--> statement-breakpoint
ALTER TABLE "currencies" DROP CONSTRAINT "currencies_game_id_code_pk";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_game_id_sku_pk";--> statement-breakpoint
ALTER TABLE "packs" DROP CONSTRAINT "packs_game_id_sku_pk";--> statement-breakpoint
INSERT INTO "currencies" ("game_id", "env", "code", "name", "purchasable", "status", "translations", "position", "created_at", "updated_at")
  SELECT "game_id", 'live', "code", "name", "purchasable", "status", "translations", "position", "created_at", "updated_at" FROM "currencies" WHERE "env" = 'test';--> statement-breakpoint
INSERT INTO "items" ("game_id", "env", "sku", "name", "description", "type", "price_currency", "price_amount", "max_owned", "client_purchasable", "metadata", "status", "translations", "position", "created_at", "updated_at")
  SELECT "game_id", 'live', "sku", "name", "description", "type", "price_currency", "price_amount", "max_owned", "client_purchasable", "metadata", "status", "translations", "position", "created_at", "updated_at" FROM "items" WHERE "env" = 'test';--> statement-breakpoint
INSERT INTO "packs" ("game_id", "env", "sku", "name", "description", "price_cents", "grants", "items", "badge", "max_per_player", "limited", "starts_at", "ends_at", "stock", "founder", "status", "translations", "position", "created_at", "updated_at")
  SELECT "game_id", 'live', "sku", "name", "description", "price_cents", "grants", "items", "badge", "max_per_player", "limited", "starts_at", "ends_at", "stock", "founder", "status", "translations", "position", "created_at", "updated_at" FROM "packs" WHERE "env" = 'test';--> statement-breakpoint
ALTER TABLE "currencies" ALTER COLUMN "env" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "items" ALTER COLUMN "env" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "packs" ALTER COLUMN "env" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_game_id_env_code_pk" PRIMARY KEY("game_id","env","code");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_game_id_env_sku_pk" PRIMARY KEY("game_id","env","sku");--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_game_id_env_sku_pk" PRIMARY KEY("game_id","env","sku");
