-- The money path's player look-up no longer depends on planner statistics (docs/performance.md,
-- "Player look-up without statistics"). On a database never analyzed, Postgres guesses 0.5 % per
-- equality, so `game_id = $1 AND env = $2` looked as selective as the unique key and it took
-- players_game_env_created (or players_game_env_id), reading every player of the game per spend.
-- players_game_env_created served no query and goes; the unique key of the game's own ids starts with
-- external_id, and the look-ups leave game_id out of the index condition, so only a unique index fits.
DROP INDEX "players_game_env_created";--> statement-breakpoint
DROP INDEX "players_external_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "players_external_unique" ON "players" USING btree ("external_id","env","game_id");--> statement-breakpoint
-- The look-ups themselves are in money_move_batch, whose one source is db/functions/money_move_batch.sql,
-- applied after every migration run (db/migrate.ts).
-- Staff password reset by e-mail (server/auth/password-reset.ts, docs/security.md "Password reset"): the
-- pending links (hashes only) and the session epoch that ends every session of a member when it changes.
CREATE TABLE "staff_password_resets" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_password_resets" ADD CONSTRAINT "staff_password_resets_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_password_resets_token" ON "staff_password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_password_resets_staff" ON "staff_password_resets" USING btree ("staff_id");