-- Only entries of an order need the order look-up (an order's page, its refund). Spends and grants,
-- most of a ledger, carry no order: as a partial index they add no index entry on the money path.
-- Skipped where the index is already partial, so a large ledger can be reindexed by hand first,
-- without locking writes (docs/deploy.md, "Migrations").
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('ledger_order') AND indpred IS NOT NULL) THEN
    DROP INDEX IF EXISTS "ledger_order";
    CREATE INDEX "ledger_order" ON "ledger_entries" USING btree ("order_id") WHERE "ledger_entries"."order_id" IS NOT NULL;
  END IF;
END $$;
