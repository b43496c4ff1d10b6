-- E-mails leave from an outbox written in the transaction of the change they tell about (docs/operations.md,
-- "E-mail outbox"): never sent for a rollback, never lost after a commit. next_attempt_at is the retry time
-- and the lease of a sender; sent and given-up rows are deleted (their body may hold a code or a link).
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"from_name" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("next_attempt_at");