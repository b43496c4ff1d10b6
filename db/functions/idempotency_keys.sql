-- One live record per idempotency key: the rule's one home (docs/decisions.md, "Idempotency records
-- partitioned by week"). A partitioned table's unique key must hold the partition key, so the primary key of
-- idempotency_records (game, env, principal, key, created_at) cannot say it (migration 0015). A record
-- is live for 30 days; an expired one may sit beside its key's new record until its week is dropped,
-- and reads take the newest (server/idempotency/records.ts looks with the same window).
--
-- The lock every writer of a key's record takes first, until its transaction ends: twins of a key wait
-- for each other, and the second one's look-up (a later statement, so a later snapshot under read
-- committed) sees the first one's record.
CREATE OR REPLACE FUNCTION idempotency_key_lock(game_id text, env text, principal text, key text)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended(game_id || '/' || env || '/' || principal || '/' || key, 15)
$$;
--> statement-breakpoint
-- The 30 days a record lives: one made at or before this moment is expired at `at`. The cleanup asks it
-- which weeks and rows to remove (server/idempotency/partitions.ts), so the window is written here only.
CREATE OR REPLACE FUNCTION idempotency_live_since(at timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT at - interval '30 days'
$$;
--> statement-breakpoint
-- Whether a record made at `created_at` is live at `at`: the rule of the trigger, of the batch and of
-- a replay's look-up (server/idempotency/records.ts). The day ahead: instances' clocks differ by
-- milliseconds, and the weeks made ahead hold nothing to look at. Inlined where it is used, so the
-- look-up still reads only the weeks of the window.
CREATE OR REPLACE FUNCTION idempotency_record_live(created_at timestamptz, at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT created_at > idempotency_live_since(at) AND created_at < at + interval '1 day'
$$;
--> statement-breakpoint
-- The trigger for every writer but money_move_batch, which locks and looks up a batch's keys at once
-- and skips it (migration 0023): a record whose key has a live one is skipped, like ON CONFLICT DO NOTHING.
-- PLANNER: enable_seqscan off, as in money_move_batch: a plan made while a week was still empty would
-- read the whole week for every key until the week is analyzed again (tests/db/key-lookup-plan.test.ts).
CREATE OR REPLACE FUNCTION idempotency_records_one_live_key() RETURNS trigger
LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(idempotency_key_lock(NEW.game_id, NEW.env, NEW.principal, NEW.key));
  IF EXISTS (SELECT 1 FROM idempotency_records r
             WHERE r.game_id = NEW.game_id AND r.env = NEW.env AND r.principal = NEW.principal AND r.key = NEW.key
               AND idempotency_record_live(r.created_at, NEW.created_at)) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END;
$$;
