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