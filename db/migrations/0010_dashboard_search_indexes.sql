CREATE INDEX "players_game_env_id" ON "players" USING btree ("game_id","env","id");--> statement-breakpoint
CREATE INDEX "players_game_env_blocked" ON "players" USING btree ("game_id","env","id") WHERE "players"."blocked";--> statement-breakpoint
CREATE INDEX "orders_provider_reference" ON "orders" USING btree ("game_id","env","provider_reference");