-- Money moves claim their idempotency keys themselves (db/functions/money_move_batch.sql): a batch locks
-- all its keys and looks them all up in one statement, then writes its records with the setting
-- gamecoin.idempotency_keys_checked on. The per-row trigger, whose look-up was a quarter of a spend's
-- database time (docs/performance.md, "A batch checks its keys at once"), is then not called for them.
-- Every other writer of a record still goes through it. The rule itself is in
-- db/functions/idempotency_keys.sql.
DROP TRIGGER "idempotency_records_one_live_key" ON "idempotency_records";--> statement-breakpoint
CREATE TRIGGER "idempotency_records_one_live_key" BEFORE INSERT ON "idempotency_records"
FOR EACH ROW WHEN (current_setting('gamecoin.idempotency_keys_checked', true) IS DISTINCT FROM 'on')
EXECUTE FUNCTION idempotency_records_one_live_key();
