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
-- Whether a record made at `created_at` is live at `at`. The day ahead: instances' clocks differ by
-- milliseconds, and the weeks made ahead hold nothing to look at. Inlined where it is used, so the
-- look-up still reads only the weeks of the window.
CREATE OR REPLACE FUNCTION idempotency_record_live(created_at timestamptz, at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT created_at > at - interval '30 days' AND created_at < at + interval '1 day'
$$;
--> statement-breakpoint
-- The trigger for every writer but money_move_batch, which locks and looks up a batch's keys at once
-- and skips it (migration 0023): a record whose key has a live one is skipped, like ON CONFLICT DO NOTHING.
CREATE OR REPLACE FUNCTION idempotency_records_one_live_key() RETURNS trigger
LANGUAGE plpgsql AS $$
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
