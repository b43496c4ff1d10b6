-- The money rules' one home (docs/decisions.md "The money function's home"). Applied after the drizzle
-- migrations on every migration run (db/migrate.ts) as a repeatable CREATE OR REPLACE, so a change to
-- the function is a diff of this file. Migrations 0011, 0012 and 0014 are its released history.
--
-- The answer's builder before it named the order (a release's repeatable file replaces, never leaves an overload).
DROP FUNCTION IF EXISTS money_move_answer(text, text, text, bigint, bigint, bigint, bigint, text, text, text, text, bigint);
--> statement-breakpoint
-- The answer of a batched money move made as one inlined expression (docs/performance.md, "The
-- money statement's own cost"): no sub-select and STABLE, so the planner inlines it. Same bytes as
-- JSON.stringify of the Movement (or Purchase) view: the one builder of a money move's answer, for the API's
-- moves and the domain's alike; its entry is ledger_entry_json's (db/functions/ledger_entry_json.sql).
CREATE OR REPLACE FUNCTION money_move_answer(entry_id text, entry_type text, currency text, paid_delta bigint, bonus_delta bigint,
                                  paid_after bigint, bonus_after bigint, reason text, metadata_json text, order_id text,
                                  item_sku text, created_at text, item_quantity bigint)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"entry":' || ledger_entry_json(entry_id, entry_type, currency, paid_delta, bonus_delta, paid_after, bonus_after,
                                          reason, metadata_json, order_id, item_sku, created_at)
    || ',"balance":{"currency":' || to_json(currency)::text || ',"paid":' || paid_after || ',"bonus":' || bonus_after
    || ',"total":' || (paid_after + bonus_after) || '}'
    || CASE WHEN item_quantity IS NULL THEN ''
            ELSE ',"item":{"sku":' || to_json(item_sku)::text || ',"quantity":' || item_quantity
                 || ',"updatedAt":"' || created_at || '"}' END
    || '}'
$$;
--> statement-breakpoint
-- TRANSITION: the answer of a record written by the release before migration 0011, which kept only its
-- entry's id (server/idempotency/records.ts); the same builder, from the stored entry.
CREATE OR REPLACE FUNCTION money_answer(entry_id text, entry_type text, currency text, paid_delta bigint, bonus_delta bigint,
                                        paid_after bigint, bonus_after bigint, reason text, metadata jsonb, order_id text,
                                        item_sku text, created_at timestamptz, item_quantity bigint)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT money_move_answer(entry_id, entry_type, currency, paid_delta, bonus_delta, paid_after, bonus_after, reason,
                           ledger_metadata_json(metadata), order_id, item_sku, api_time_text(created_at), item_quantity)
$$;
--> statement-breakpoint
-- Its key look-up moved into money_move_batch's own statement (every key of a batch at once).
DROP FUNCTION IF EXISTS money_move_key_used(jsonb);
--> statement-breakpoint
-- Group commit for money moves (server/money-moves/, docs/performance.md "Group commit"): one call
-- writes a batch of moves with one statement and one commit, and answers one row per move. It is the
-- one way in for every money move: the API's spends, grants and purchases (batched, each with its
-- idempotency record) and the domain's moves inside a caller's transaction (batches of one, no record).
-- First the batch's idempotency keys are locked, all in one order, and looked up in one statement (a
-- key with a live record skips its move: "key_used"). Then per move, in a fixed lock order (player id,
-- currency, then arrival): resolve the player (an unknown `ext:` one is created when the move says
-- `create_external`, with `new_player_id`) and the catalog entry; lock the balance row; check the
-- amounts; lock the owned item row; make the ledger id after the lock; write the key's record; update
-- the balance, append the entry, add the item. The fixed orders keep two batches from waiting on each
-- other in a cycle. A run of moves of one balance row is locked once and written
-- once: a hot player's 64 moves in one batch updated the row 64 times, each new row version found by
-- following the last (17.7 ms for the batch against 9.5 ms for 64 players). The entries still carry
-- each move's balance after it.
-- A refused move changes nothing; its outcome names why, in the order the checks run, and its answer is
-- the facts the caller's error needs (JSON text):
--   player_unknown    no such player (and none to create)
--   player_blocked    the player is blocked (a move with `any_player` may move a blocked one: a refund)
--   currency_unknown  a move with `check_currency` names no active currency of the catalog
--   item_unknown      a purchase's item is unknown or not active
--   item_forbidden    a purchase with `client_only` of an item that is not client-purchasable
--   item_unpriced     a purchase's item has no currency price
--   no_balance        the player has no balance row of the currency: {"currency":c,"available":0,"required":n}
--   insufficient_funds  {"currency":c,"available":n,"required":n} (nothing is spendable while a debt is open;
--                     `required` past 2^53 is a decimal string, as no JSON number holds it exactly)
--   over_limit        a credit would pass 10^15: {"currency":c,"current":n,"limit":1000000000000000}
--   over_max_owned    a purchase would pass the item's maxOwned (null: none) or 10^15: {"owned":n,"quantity":n,"maxOwned":n}
-- A refused move whose key was used before is "key_used" instead: a stored answer wins over a refusal,
-- as it does on every other path (checked before the move, so a refusal costs no second trip).
-- Instances of the release before this one read every outcome but "moved" and "key_used" as "refused".
-- The domain's moves besides debit, credit and purchase: a credit with a `paid` part, a `clawback`
-- (`paid` and `bonus` delivered, `amount` their sum, `policy`), `zero` (a balance back to exactly zero;
-- "unchanged" when it is already), `order_id` and `item_sku` for the entry.
-- PLANNER: enable_seqscan off. Every table the function reads has the index its look-up needs, but the
-- weeks of idempotency_records are made ahead, empty: a plan made before a week's first records (and
-- analyzed empty, as a whole-database ANALYZE after a restore leaves them) costs reading the week whole
-- at nothing, and a pool connection keeps that plan until the week is analyzed again, reading every
-- record of the week for every move's key meanwhile (tests/db/key-lookup-plan.test.ts).
CREATE OR REPLACE FUNCTION money_move_batch(moves jsonb)
RETURNS TABLE (idx int, outcome text, answer text)
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  m record;
  pid text;
  pid_blocked boolean;
  entry_id text;
  paid_delta bigint;
  bonus_delta bigint;
  item_quantity bigint;
  cur_paid bigint;
  cur_bonus bigint;
  take bigint;
  repay bigint;
  owned bigint;
  us bigint;
  moved_at timestamptz;
  run_player text;
  run_cur text;
  run_locked boolean := false;
  row_found boolean := false;
  run_dirty boolean := false;
  run_at timestamptz;
  metadata_text text;
  has_records boolean;
  move_key text;
  claimed_keys text[] := ARRAY[]::text[];
BEGIN
  -- CONCURRENCY: the keys of the batch's records are locked first, all of them, in one order (a batch
  -- waits for no other batch in a cycle), and the loop's statement below looks them all up after that,
  -- so it sees the record of a twin that committed while this one waited (db/functions/idempotency_keys.sql).
  PERFORM pg_advisory_xact_lock(k.lock_id)
  FROM (SELECT DISTINCT idempotency_key_lock(e.v->>'game_id', e.v->>'env', e.v->'record'->>'principal', e.v->'record'->>'key') AS lock_id
        FROM jsonb_array_elements(moves) AS e(v) WHERE jsonb_typeof(e.v->'record') = 'object'
        ORDER BY 1) k;
  has_records := FOUND;
  IF has_records THEN
    -- The keys are checked here: the per-row trigger skips this transaction's records until the end (migration 0023).
    PERFORM set_config('gamecoin.idempotency_keys_checked', 'on', true);
  END IF;
  FOR m IN
    WITH input AS (
      SELECT (e.ord - 1)::int AS i, e.v FROM jsonb_array_elements(moves) WITH ORDINALITY AS e(v, ord)
    ), resolved AS (
      SELECT input.i, input.v, pl.id AS player_id, pl.blocked,
             it.sku AS item_found, it.price_currency, it.price_amount, it.max_owned, it.client_purchasable,
             c.code AS currency_found
      FROM input
      -- PLANNER: the game is compared with IS NOT DISTINCT FROM, which no index can serve, so only
      -- players_pkey / players_external_unique (external_id, env, game_id) can find the row: without
      -- statistics a (game_id, env, …) index looked as good and read every player of the game. game_id
      -- is never null, so the answer is the same. Each branch runs only for its kind of reference.
      LEFT JOIN LATERAL (
        SELECT p.id, p.blocked FROM players p
        WHERE input.v ? 'player_id' AND p.id = input.v->>'player_id' AND p.env = input.v->>'env'
          AND p.game_id IS NOT DISTINCT FROM input.v->>'game_id'
        UNION ALL
        SELECT p.id, p.blocked FROM players p
        WHERE NOT input.v ? 'player_id' AND p.external_id = input.v->>'external_id' AND p.env = input.v->>'env'
          AND p.game_id IS NOT DISTINCT FROM input.v->>'game_id'
      ) pl ON true
      LEFT JOIN items it ON input.v->>'kind' = 'purchase' AND it.game_id = input.v->>'game_id'
        AND it.env = input.v->>'env' AND it.sku = input.v->>'sku' AND it.status = 'active'
      LEFT JOIN currencies c ON input.v->>'check_currency' = 'true' AND c.game_id = input.v->>'game_id'
        AND c.env = input.v->>'env' AND c.code = input.v->>'currency' AND c.status = 'active'
    )
    SELECT r.i, r.v, r.player_id, r.blocked, r.v->>'kind' AS kind,
           CASE WHEN r.v->>'kind' = 'purchase' THEN r.price_currency ELSE r.v->>'currency' END AS cur,
           CASE WHEN r.v->>'kind' = 'purchase' THEN r.price_amount::numeric * (r.v->>'quantity')::numeric
                ELSE (r.v->>'amount')::numeric END AS amount,
           -- What the catalog says against the move, in the order the checks run.
           CASE WHEN r.v->>'kind' = 'purchase' THEN
                  CASE WHEN r.item_found IS NULL THEN 'item_unknown'
                       WHEN (r.v->>'client_only')::boolean AND NOT r.client_purchasable THEN 'item_forbidden'
                       WHEN r.price_amount IS NULL OR r.price_currency IS NULL THEN 'item_unpriced' END
                WHEN r.v->>'check_currency' = 'true' AND r.currency_found IS NULL THEN 'currency_unknown' END AS catalog_refusal,
           LEAST(COALESCE(r.max_owned, 1000000000000000), 1000000000000000) AS ceiling, r.max_owned,
           jsonb_typeof(r.v->'record') = 'object' AND EXISTS (
             SELECT 1 FROM idempotency_records k
             WHERE k.game_id = r.v->>'game_id' AND k.env = r.v->>'env' AND k.principal = r.v->'record'->>'principal'
               AND k.key = r.v->'record'->>'key' AND idempotency_record_live(k.created_at, (r.v->>'now')::timestamptz)) AS key_used
    FROM resolved r
    -- Unknown players (NULL) last, by their external id: two batches creating the same two players create them in one order.
    ORDER BY r.player_id, r.v->>'external_id', 6, r.i
  LOOP
    idx := m.i; outcome := NULL; answer := NULL; item_quantity := NULL;
    <<decide>>
    BEGIN
      -- A key with a live record, or one claimed by an earlier move of this batch, is answered from its
      -- record: a stored answer wins over a refusal, and over creating an unknown player.
      move_key := CASE WHEN jsonb_typeof(m.v->'record') = 'object'
                       THEN concat_ws('/', m.v->>'game_id', m.v->>'env', m.v->'record'->>'principal', m.v->'record'->>'key') END;
      IF m.key_used OR move_key = ANY (claimed_keys) THEN
        outcome := 'key_used';
        EXIT decide;
      END IF;
      pid := m.player_id;
      pid_blocked := m.blocked;
      IF pid IS NULL AND m.v->>'create_external' = 'true' AND m.v ? 'external_id' THEN
        -- SPEC: a server write for an unknown `ext:` player creates it; the creation stays even when the
        -- move is then refused, as it commits with the batch. An earlier move of this batch (or another
        -- batch, waited for by the unique index) may have made it meanwhile.
        INSERT INTO players (id, game_id, env, external_id, kind, created_at, updated_at)
        VALUES (m.v->>'new_player_id', m.v->>'game_id', m.v->>'env', m.v->>'external_id', 'external',
                (m.v->>'now')::timestamptz, (m.v->>'now')::timestamptz)
        ON CONFLICT DO NOTHING
        RETURNING players.id, players.blocked INTO pid, pid_blocked;
        IF pid IS NULL THEN
          SELECT p.id, p.blocked INTO pid, pid_blocked FROM players p
          WHERE p.external_id = m.v->>'external_id' AND p.env = m.v->>'env' AND p.game_id IS NOT DISTINCT FROM m.v->>'game_id';
        END IF;
      END IF;
      IF pid IS NULL THEN
        outcome := 'player_unknown';
        EXIT decide;
      END IF;
      IF pid_blocked AND m.v->>'any_player' IS DISTINCT FROM 'true' THEN
        outcome := 'player_blocked';
        EXIT decide;
      END IF;
      IF m.catalog_refusal IS NOT NULL THEN
        outcome := m.catalog_refusal;
        EXIT decide;
      END IF;
      -- A run of moves of one balance row: locked once, its new amounts written once when the run ends.
      IF pid IS DISTINCT FROM run_player OR m.cur IS DISTINCT FROM run_cur THEN
        IF run_dirty THEN
          UPDATE balances b SET paid = cur_paid, bonus = cur_bonus, updated_at = run_at
          WHERE b.player_id = run_player AND b.currency = run_cur;
        END IF;
        run_player := pid; run_cur := m.cur; run_dirty := false;
        IF m.kind IN ('debit', 'purchase') THEN
          -- PERFORMANCE: a debit locks the row only if the row can pay it (Postgres locks only the rows it
          -- returns, and checks the condition again on the newest version after waiting for a lock). A
          -- refused one reads the committed row without a lock: refused against the balance as it was
          -- committed, as if it had come before any move still in flight, and with no lock taken a batch
          -- of refusals writes nothing, so its commit waits for no WAL flush (bench scenario (e)).
          SELECT b.paid, b.bonus INTO cur_paid, cur_bonus FROM balances b
          WHERE b.player_id = pid AND b.currency = m.cur AND b.paid >= 0 AND b.paid + b.bonus >= m.amount FOR UPDATE;
          run_locked := FOUND;
          row_found := run_locked;
          IF NOT run_locked THEN
            SELECT b.paid, b.bonus INTO cur_paid, cur_bonus FROM balances b WHERE b.player_id = pid AND b.currency = m.cur;
            row_found := FOUND;
            -- Nothing locked: the next move of this row starts its run again (it may be smaller).
            run_player := NULL;
          END IF;
        ELSE
          SELECT b.paid, b.bonus INTO cur_paid, cur_bonus FROM balances b
          WHERE b.player_id = pid AND b.currency = m.cur FOR UPDATE;
          run_locked := FOUND;
          row_found := run_locked;
        END IF;
        -- Coins can be added to (or taken back from) a currency the player never had: its row starts at zero.
        IF NOT run_locked AND m.kind IN ('credit', 'clawback') THEN
          INSERT INTO balances (player_id, currency, game_id, env, paid, bonus, updated_at)
          VALUES (pid, m.cur, m.v->>'game_id', m.v->>'env', 0, 0, (m.v->>'now')::timestamptz)
          ON CONFLICT (player_id, currency) DO NOTHING;
          SELECT b.paid, b.bonus INTO cur_paid, cur_bonus FROM balances b
          WHERE b.player_id = pid AND b.currency = m.cur FOR UPDATE;
          run_locked := FOUND;
          row_found := run_locked;
        END IF;
      END IF;
      IF m.kind = 'zero' AND (NOT run_locked OR (cur_paid = 0 AND cur_bonus = 0)) THEN
        -- Nothing to bring to zero: nothing is written.
        outcome := 'unchanged';
        EXIT decide;
      END IF;
      IF m.amount > 1000000000000000 THEN
        -- Only a purchase's price × quantity can be this large: no balance holds it.
        outcome := 'insufficient_funds';
        answer := json_build_object('currency', m.cur,
                                    'available', CASE WHEN NOT row_found OR cur_paid < 0 THEN 0 ELSE cur_paid + cur_bonus END,
                                    'required', CASE WHEN m.amount > 9007199254740991 THEN to_jsonb(m.amount::text) ELSE to_jsonb(m.amount) END)::text;
        EXIT decide;
      END IF;
      IF NOT row_found THEN
        outcome := 'no_balance';
        answer := json_build_object('currency', m.cur, 'available', 0, 'required', m.amount)::text;
        EXIT decide;
      END IF;
      IF NOT run_locked THEN
        outcome := 'insufficient_funds';
        answer := json_build_object('currency', m.cur, 'available', CASE WHEN cur_paid < 0 THEN 0 ELSE cur_paid + cur_bonus END,
                                    'required', m.amount)::text;
        EXIT decide;
      END IF;
      IF m.kind = 'zero' THEN
        paid_delta := -cur_paid;
        bonus_delta := -cur_bonus;
      ELSIF m.kind = 'clawback' THEN
        -- Takes back what an order delivered: its bonus coins from `bonus` as far as it holds them, the rest
        -- from `paid`; with the `allow` policy `paid` may go below zero (a debt), with `clamp` it stops at zero.
        take := LEAST(cur_bonus, COALESCE((m.v->>'bonus')::bigint, 0));
        bonus_delta := -take;
        IF m.v->>'policy' = 'allow' THEN
          paid_delta := -(m.amount::bigint - take);
        ELSE
          paid_delta := -LEAST(GREATEST(cur_paid, 0), m.amount::bigint - take);
        END IF;
      ELSIF m.kind = 'credit' THEN
        IF cur_paid + cur_bonus + m.amount > 1000000000000000 THEN
          outcome := 'over_limit';
          answer := json_build_object('currency', m.cur, 'current', cur_paid + cur_bonus, 'limit', 1000000000000000)::text;
          EXIT decide;
        END IF;
        -- `amount` is the whole credit, `paid` (0 unless said) its part for the paid bucket, the rest bonus
        -- coins, which first repay what is left of a debt on paid.
        repay := LEAST(GREATEST(-(cur_paid + COALESCE((m.v->>'paid')::bigint, 0)), 0), m.amount::bigint - COALESCE((m.v->>'paid')::bigint, 0));
        paid_delta := COALESCE((m.v->>'paid')::bigint, 0) + repay;
        bonus_delta := m.amount::bigint - paid_delta;
      ELSE
        IF cur_paid < 0 OR cur_paid + cur_bonus < m.amount THEN
          outcome := 'insufficient_funds';
          answer := json_build_object('currency', m.cur, 'available', CASE WHEN cur_paid < 0 THEN 0 ELSE cur_paid + cur_bonus END,
                                      'required', m.amount)::text;
          EXIT decide;
        END IF;
        IF (m.v->>'bonus_first')::boolean THEN
          take := LEAST(cur_bonus, m.amount::bigint);
        ELSE
          take := m.amount::bigint - LEAST(cur_paid, m.amount::bigint);
        END IF;
        paid_delta := -(m.amount::bigint - take);
        bonus_delta := -take;
      END IF;
      IF m.kind = 'purchase' THEN
        -- CONCURRENCY: the balance row is locked before the inventory row, as everywhere else.
        SELECT inv.quantity INTO owned FROM inventory inv WHERE inv.player_id = pid AND inv.sku = m.v->>'sku' FOR UPDATE;
        IF COALESCE(owned, 0) + (m.v->>'quantity')::bigint > m.ceiling THEN
          outcome := 'over_max_owned';
          answer := json_build_object('owned', COALESCE(owned, 0), 'quantity', (m.v->>'quantity')::bigint, 'maxOwned', m.max_owned)::text;
          EXIT decide;
        END IF;
        item_quantity := COALESCE(owned, 0) + (m.v->>'quantity')::bigint;
      END IF;
      -- CONCURRENCY: the id is made after the row lock, so ledger ids follow the order in which the
      -- balance really changed: 12 hex of milliseconds, 4 of the microsecond, 8 of a sequence.
      us := floor(extract(epoch FROM clock_timestamp()) * 1000000)::bigint;
      entry_id := lpad(to_hex(us / 1000), 12, '0') || lpad(to_hex((us % 1000)::int), 4, '0')
                  || lpad(to_hex(nextval('ledger_entry_seq') % 4294967296), 8, '0');
      moved_at := (m.v->>'now')::timestamptz;
      -- The balance row is locked, so the balance after the move is known before it is written: the
      -- answer is made here and is what the record keeps (one stored shape: the answer's text).
      -- metadata_json: the metadata's text in the answer's key order, made by the caller; an instance of
      -- an earlier release (rolling release) sends only the object, which is ordered here.
      IF m.v ? 'metadata_json' THEN
        metadata_text := m.v->>'metadata_json';
      ELSE
        metadata_text := ledger_metadata_json(m.v->'metadata');
      END IF;
      answer := money_move_answer(entry_id, m.v->>'type', m.cur, paid_delta, bonus_delta, cur_paid + paid_delta, cur_bonus + bonus_delta,
                                  m.v->>'reason', metadata_text, m.v->>'order_id', COALESCE(m.v->>'item_sku', m.v->>'sku'), m.v->>'now',
                                  item_quantity);
      -- A move inside a caller's transaction (an order's delivery, a refund, a dashboard adjustment) has no
      -- record of its own: the caller's transaction keeps whatever it keeps.
      IF move_key IS NOT NULL THEN
        -- The key was locked and found free above; no other transaction can write its record meanwhile.
        INSERT INTO idempotency_records (game_id, env, principal, key, fingerprint, operation, response_status, response_body, created_at)
        VALUES (m.v->>'game_id', m.v->>'env', m.v->'record'->>'principal', m.v->'record'->>'key', m.v->'record'->>'fingerprint',
                m.v->'record'->>'operation', (m.v->'record'->>'status')::int, answer::json, moved_at);
        claimed_keys := claimed_keys || move_key;
      END IF;
      cur_paid := cur_paid + paid_delta;
      cur_bonus := cur_bonus + bonus_delta;
      run_dirty := true;
      run_at := moved_at;
      INSERT INTO ledger_entries
        (id, game_id, env, player_id, type, currency, paid_delta, bonus_delta, paid_after, bonus_after, reason, metadata, order_id, item_sku, created_at)
      VALUES (entry_id, m.v->>'game_id', m.v->>'env', pid, m.v->>'type', m.cur, paid_delta, bonus_delta, cur_paid, cur_bonus,
              m.v->>'reason', COALESCE(m.v->'metadata', '{}'::jsonb), m.v->>'order_id', COALESCE(m.v->>'item_sku', m.v->>'sku'), moved_at);
      IF m.kind = 'purchase' THEN
        INSERT INTO inventory AS inv (player_id, sku, game_id, env, quantity, updated_at)
        VALUES (pid, m.v->>'sku', m.v->>'game_id', m.v->>'env', (m.v->>'quantity')::bigint, moved_at)
        ON CONFLICT (player_id, sku) DO UPDATE SET quantity = inv.quantity + excluded.quantity, updated_at = excluded.updated_at
        WHERE inv.quantity + excluded.quantity <= m.ceiling
        RETURNING inv.quantity INTO owned;
        -- A first row of this item inserted by another transaction since the check: the whole batch
        -- fails and its moves are written again one by one (server/money-moves/submit-move.ts).
        IF NOT FOUND OR owned <> item_quantity THEN
          RAISE EXCEPTION 'money_move_batch: item % passed its ceiling', m.v->>'sku';
        END IF;
      END IF;
      outcome := 'moved';
    END;
    RETURN NEXT;
  END LOOP;
  IF run_dirty THEN
    UPDATE balances b SET paid = cur_paid, bonus = cur_bonus, updated_at = run_at
    WHERE b.player_id = run_player AND b.currency = run_cur;
  END IF;
  IF has_records THEN
    PERFORM set_config('gamecoin.idempotency_keys_checked', 'off', true);
  END IF;
END;
$$;
