-- Trigram indexes for the dashboard's search by part of a display name (a trusted extension: the
-- database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "players_external_prefix" ON "players" USING btree ("game_id","env","external_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "players_email" ON "players" USING btree ("game_id","env","email");--> statement-breakpoint
CREATE INDEX "players_display_name_trgm" ON "players" USING gin ("display_name" gin_trgm_ops);