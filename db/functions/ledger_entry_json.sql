-- A ledger entry as JSON text: the one builder of SPEC's LedgerEntry (docs/decisions.md, "One builder
-- of a ledger entry"). A money move's answer (money_move_answer) and the ledger list, the order detail
-- and the player export (ledger_entry_json of a stored row) all send its bytes, which are those of
-- JSON.stringify of the entry: metadata keys in code-point order, times in UTC with milliseconds.
-- Inlined where it is called (one SQL expression, no sub-select), so a money move pays no call.
CREATE OR REPLACE FUNCTION ledger_entry_json(entry_id text, entry_type text, currency text, paid_delta bigint, bonus_delta bigint,
                                             paid_after bigint, bonus_after bigint, reason text, metadata_json text, order_id text,
                                             item_sku text, created_at text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":' || to_json(entry_id)::text || ',"type":' || to_json(entry_type)::text
    || ',"currency":' || to_json(currency)::text || ',"paidDelta":' || paid_delta || ',"bonusDelta":' || bonus_delta
    || ',"balanceAfter":{"paid":' || paid_after || ',"bonus":' || bonus_after || ',"total":' || (paid_after + bonus_after) || '}'
    || ',"reason":' || COALESCE(to_json(reason)::text, 'null')
    || ',"metadata":' || metadata_json
    || ',"ref":{' || CASE WHEN order_id IS NULL THEN COALESCE('"itemSku":' || to_json(item_sku)::text, '')
                          ELSE '"orderId":' || to_json(order_id)::text || COALESCE(',"itemSku":' || to_json(item_sku)::text, '') END || '}'
    || ',"createdAt":"' || created_at || '"}'
$$;
--> statement-breakpoint
-- The index a JSON object key is to JavaScript (a decimal "array index", 0 to 2^32 - 2), or null.
-- JavaScript orders such keys first, by value, whatever the order they were set in.
CREATE OR REPLACE FUNCTION js_array_index(k text)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN k ~ '^(0|[1-9][0-9]{0,9})$' THEN CASE WHEN k::bigint <= 4294967294 THEN k::bigint END END
$$;
--> statement-breakpoint
-- Stored metadata (jsonb keeps its keys by length) as the answer's text, in the order JSON.stringify
-- writes the object server/wallet/wallet-views.ts's inKeyOrder makes: array-index keys by value, then
-- the others in code-point order. Its sub-select keeps it from being inlined: callers skip the call for
-- empty metadata, the common case.
CREATE OR REPLACE FUNCTION ledger_metadata_json(metadata jsonb)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT '{' || string_agg(to_json(kv.k)::text || ':' || to_json(kv.v)::text, ','
                                           ORDER BY js_array_index(kv.k) NULLS LAST, kv.k COLLATE "C") || '}'
                   FROM jsonb_each_text(metadata) AS kv(k, v)), '{}')
$$;
--> statement-breakpoint
-- A stored time as the API writes times (Date.prototype.toISOString: UTC, milliseconds). STABLE as
-- to_char is, so it is inlined (an IMMUTABLE wrapper of a STABLE body is called instead, row by row).
CREATE OR REPLACE FUNCTION api_time_text(at timestamptz)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
-- A stored entry: `ledger_entry_json(e)` for a row e of ledger_entries.
CREATE OR REPLACE FUNCTION ledger_entry_json(e ledger_entries)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT ledger_entry_json(e.id, e.type, e.currency, e.paid_delta, e.bonus_delta, e.paid_after, e.bonus_after, e.reason,
                           CASE WHEN e.metadata = '{}'::jsonb THEN '{}' ELSE ledger_metadata_json(e.metadata) END,
                           e.order_id, e.item_sku, api_time_text(e.created_at))
$$;
