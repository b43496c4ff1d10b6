-- The weeks of idempotency_records lose their index on created_at (docs/decisions.md, "Idempotency
-- weeks keep only their primary key"): the cleanup drops a whole expired week, so no query reads a week
-- by created_at alone, and every idempotent write paid for the index (the rightmost page of which all
-- concurrent writes shared). The partitions whose expired rows are deleted rather than dropped, the
-- default one and the table from before 0015, get an index of their own for that delete.
DROP INDEX "idempotency_created";--> statement-breakpoint
CREATE INDEX "idempotency_records_default_created" ON "idempotency_records_default" USING btree ("created_at");--> statement-breakpoint
DO $$
DECLARE
  legacy text;
BEGIN
  FOR legacy IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'idempotency_records'::regclass AND c.relname ~ '^idempotency_records_before_[0-9]{8}$'
  LOOP
    EXECUTE format('CREATE INDEX %I ON %I USING btree (created_at)', legacy || '_created', legacy);
  END LOOP;
END;
$$;
