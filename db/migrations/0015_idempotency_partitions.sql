-- Idempotency records partitioned by week of created_at (docs/performance.md, "Costs that stay flat";
-- docs/decisions.md). The hourly cleanup used to delete an hour of records in one statement (3.6 million
-- rows at 1,000 writes/s); it now drops each week whose 30 days have passed, which costs the same at any
-- size. Partitions ahead are made by server/idempotency/partitions.ts (cleanup job and start). Weeks,
-- not days: every new key is looked up in each partition that may hold a live record (below), and
-- 6 look-ups cost far less than 32 (docs/performance.md, "Costs that stay flat").
--
-- A partitioned table's unique key must hold the partition key, so the primary key gains created_at and
-- no longer says "one record per key". The trigger below says it instead: under a lock on the key it
-- refuses (skips, like ON CONFLICT DO NOTHING) a second record of a key whose record is younger than
-- 30 days, in any partition. An older record is expired: the new one is written beside it, and reads
-- take the newest.
ALTER TABLE "idempotency_records" RENAME TO "idempotency_records_legacy";--> statement-breakpoint
ALTER TABLE "idempotency_records_legacy" DROP CONSTRAINT "idempotency_records_game_id_env_principal_key_pk";--> statement-breakpoint
ALTER INDEX "idempotency_created" RENAME TO "idempotency_records_legacy_created";--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"game_id" text NOT NULL,
	"env" text NOT NULL,
	"principal" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"operation" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" json NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_records_game_id_env_principal_key_created_at_pk" PRIMARY KEY("game_id","env","principal","key","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE INDEX "idempotency_created" ON "idempotency_records" USING btree ("created_at");--> statement-breakpoint
-- Rows of a week with no partition yet (a clock moved by a test, a start after a long stop) land here;
-- making that week's partition moves them out of it.
CREATE TABLE "idempotency_records_default" PARTITION OF "idempotency_records" DEFAULT;--> statement-breakpoint
CREATE FUNCTION idempotency_records_one_live_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- CONCURRENCY: twins of a key wait here for each other, as they waited on the old primary key; the
  -- second one's look-up runs after the first committed (a new snapshot per statement, read committed).
  PERFORM pg_advisory_xact_lock(hashtextextended(NEW.game_id || '/' || NEW.env || '/' || NEW.principal || '/' || NEW.key, 15));
  IF EXISTS (SELECT 1 FROM idempotency_records r
             WHERE r.game_id = NEW.game_id AND r.env = NEW.env AND r.principal = NEW.principal AND r.key = NEW.key
               AND r.created_at > NEW.created_at - interval '30 days'
               -- Instances' clocks differ by milliseconds; the weeks made ahead hold nothing to look at.
               AND r.created_at < NEW.created_at + interval '1 day') THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER idempotency_records_one_live_key BEFORE INSERT ON "idempotency_records"
FOR EACH ROW EXECUTE FUNCTION idempotency_records_one_live_key();--> statement-breakpoint
-- The records that exist now: with rows, the old table becomes the partition of everything before
-- next Monday (no copy; the cleanup drops it once its last week has expired); empty, it goes. Then a
-- partition per week (Monday 00:00 UTC to Monday), the two weeks ahead included.
DO $$
DECLARE
  first_monday date := date_trunc('week', now() AT TIME ZONE 'UTC')::date;
  d date;
BEGIN
  IF EXISTS (SELECT 1 FROM idempotency_records_legacy) THEN
    first_monday := first_monday + 7;
    EXECUTE format('ALTER TABLE idempotency_records_legacy RENAME TO %I', 'idempotency_records_before_' || to_char(first_monday, 'YYYYMMDD'));
    EXECUTE format('ALTER TABLE idempotency_records ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)',
                   'idempotency_records_before_' || to_char(first_monday, 'YYYYMMDD'), first_monday::text || ' 00:00:00+00');
  ELSE
    DROP TABLE idempotency_records_legacy;
  END IF;
  FOR i IN 0..2 LOOP
    d := first_monday + 7 * i;
    EXECUTE format('CREATE TABLE %I PARTITION OF idempotency_records FOR VALUES FROM (%L) TO (%L)',
                   'idempotency_records_w' || to_char(d, 'YYYYMMDD'), d::text || ' 00:00:00+00', (d + 7)::text || ' 00:00:00+00');
  END LOOP;
END;
$$;
