import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/db/client";
import type { LedgerEntryType } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { clock } from "@/server/lib/clock";
import type { GameScope } from "@/server/lib/scope";
import type { GameSettings } from "@/server/games/game-settings";
import { whenCommitted } from "@/server/observability/after-commit";
import { metrics } from "@/server/observability/metrics";
import { MAX_BALANCE } from "./schemas";
import { toBalanceView, toLedgerEntryView, type MovementView } from "./wallet-views";

/** What a ledger entry records besides the amounts. */
export type EntryDetails = {
  type: LedgerEntryType;
  reason?: string | null;
  metadata?: Record<string, string>;
  orderId?: string | null;
  itemSku?: string | null;
};

type MoveRow = {
  id: string | null;
  cur_paid: number | string | null;
  cur_bonus: number | string | null;
  paid_delta: number | string | null;
  bonus_delta: number | string | null;
  paid_after: number | string | null;
  bonus_after: number | string | null;
};

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/**
 * One statement locks the balance row, computes the bucket changes, updates the row and appends the
 * ledger entry, so the row lock is held for a single round trip (DESIGN: one round trip per money move).
 * `bucketChange` yields `paid_change` and `bonus_change` from the locked `cur` row, or no row to refuse.
 * (A request's happy path writes through server/money-moves instead, batched with its neighbours.)
 */
async function moveBalance(
  db: Db,
  scope: GameScope,
  playerId: string,
  currency: string,
  bucketChange: SQL,
  details: EntryDetails,
): Promise<{ movement: MovementView | null; current: { paid: number; bonus: number } | null }> {
  const now = clock.now();
  const metadata = details.metadata ?? {};
  const rows = await queryRows<MoveRow>(
    db,
    sql`
    WITH cur AS (
      SELECT b.player_id, b.paid, b.bonus FROM balances b
      WHERE b.player_id = ${playerId} AND b.currency = ${currency}
      FOR UPDATE OF b
    ), change AS (${bucketChange}
    ), upd AS (
      UPDATE balances b
      SET paid = b.paid + change.paid_change, bonus = b.bonus + change.bonus_change, updated_at = ${now.toISOString()}::timestamptz
      FROM change, cur
      WHERE b.player_id = cur.player_id AND b.currency = ${currency}
      RETURNING b.player_id, b.paid, b.bonus, change.paid_change, change.bonus_change
    ), led AS (
      INSERT INTO ledger_entries
        (id, game_id, env, player_id, type, currency, paid_delta, bonus_delta, paid_after, bonus_after, reason, metadata, order_id, item_sku, created_at)
      -- CONCURRENCY: the id is made after the row lock was taken, so ledger ids follow the order in
      -- which the balance really changed: 12 hex of milliseconds, 4 of the microsecond, 8 of a
      -- sequence (entries of one clock tick; PGlite's clock has milliseconds only). The clock is read
      -- once: two readings could straddle a millisecond and sort the id too early.
      SELECT lpad(to_hex(taken.us / 1000), 12, '0') || lpad(to_hex((taken.us % 1000)::int), 4, '0')
             || lpad(to_hex(nextval('ledger_entry_seq') % 4294967296), 8, '0'),
             ${scope.gameId}, ${scope.env}, upd.player_id, ${details.type}, ${currency},
             upd.paid_change, upd.bonus_change, upd.paid, upd.bonus, ${details.reason ?? null}, ${JSON.stringify(metadata)}::jsonb,
             ${details.orderId ?? null}, ${details.itemSku ?? null}, ${now.toISOString()}::timestamptz
      -- (read per updated row, which makes it come after the lock)
      FROM upd CROSS JOIN LATERAL (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000000)::bigint AS us WHERE upd.player_id IS NOT NULL) AS taken
      RETURNING id, paid_delta, bonus_delta, paid_after, bonus_after
    )
    SELECT cur.paid AS cur_paid, cur.bonus AS cur_bonus, led.id,
           led.paid_delta, led.bonus_delta, led.paid_after, led.bonus_after
    FROM (SELECT 1) AS one
    LEFT JOIN cur ON true
    LEFT JOIN led ON true`,
  );
  const row = rows[0];
  if (!row) throw new AppError("INTERNAL_ERROR", "Balance move returned nothing.");
  const current = row.cur_paid === null ? null : { paid: num(row.cur_paid) ?? 0, bonus: num(row.cur_bonus) ?? 0 };
  if (row.paid_after === null) return { movement: null, current };
  // Counted once the entry is committed (at once outside a transaction, at COMMIT inside one).
  whenCommitted(() => metrics().ledgerEntries.inc({ type: details.type }));
  const paidAfter = num(row.paid_after) ?? 0;
  const bonusAfter = num(row.bonus_after) ?? 0;
  const entry = toLedgerEntryView({
    id: row.id ?? "",
    type: details.type,
    currency,
    paidDelta: num(row.paid_delta) ?? 0,
    bonusDelta: num(row.bonus_delta) ?? 0,
    paidAfter,
    bonusAfter,
    reason: details.reason ?? null,
    metadata,
    orderId: details.orderId ?? null,
    itemSku: details.itemSku ?? null,
    createdAt: now,
  });
  return { movement: { entry, balance: toBalanceView(currency, paidAfter, bonusAfter) }, current };
}

/** What a player may spend now: nothing while a debt is open. */
export function spendable(current: { paid: number; bonus: number } | null): number {
  if (!current || current.paid < 0) return 0;
  return current.paid + current.bonus;
}

function debitChange(settings: Pick<GameSettings, "spendOrder">, amount: number): SQL {
  const bonusFirst = settings.spendOrder === "bonus_first";
  return sql`
      SELECT -(${amount}::bigint - t.bonus_take) AS paid_change, -t.bonus_take AS bonus_change
      FROM (
        SELECT CASE WHEN ${bonusFirst}::boolean THEN LEAST(cur.bonus, ${amount}::bigint)
                    ELSE ${amount}::bigint - LEAST(cur.paid, ${amount}::bigint) END AS bonus_take
        FROM cur WHERE cur.paid >= 0 AND cur.paid + cur.bonus >= ${amount}::bigint
      ) AS t`;
}

/**
 * Takes `amount` from the balance, bonus first unless the game spends paid first; all or nothing.
 * CONCURRENCY: the conditions are checked on the locked row, so concurrent spends never overdraw.
 */
export async function debit(
  db: Db,
  scope: GameScope,
  settings: Pick<GameSettings, "spendOrder">,
  playerId: string,
  currency: string,
  amount: number,
  details: EntryDetails,
): Promise<MovementView> {
  const { movement, current } = await moveBalance(db, scope, playerId, currency, debitChange(settings, amount), details);
  if (!movement) {
    throw new AppError("INSUFFICIENT_FUNDS", `The balance of "${currency}" is too low.`, {
      required: amount,
      available: spendable(current),
    });
  }
  return movement;
}

async function ensureBalanceRow(db: Db, scope: GameScope, playerId: string, currency: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO balances (player_id, currency, game_id, env, paid, bonus, updated_at)
    VALUES (${playerId}, ${currency}, ${scope.gameId}, ${scope.env}, 0, 0, ${clock.now().toISOString()}::timestamptz)
    ON CONFLICT (player_id, currency) DO NOTHING`);
}

function creditChange(amounts: { paid: number; bonus: number }): SQL {
  const total = amounts.paid + amounts.bonus;
  return sql`
      SELECT ${amounts.paid}::bigint + t.repay AS paid_change, ${amounts.bonus}::bigint - t.repay AS bonus_change
      FROM (
        SELECT LEAST(GREATEST(-(cur.paid + ${amounts.paid}::bigint), 0), ${amounts.bonus}::bigint) AS repay
        FROM cur WHERE cur.paid + cur.bonus + ${total}::bigint <= ${MAX_BALANCE}::bigint
      ) AS t`;
}

/**
 * Adds coins: `paid` to the paid bucket, `bonus` to the bonus bucket, except that bonus coins first
 * repay what is left of a debt on `paid`. Refused when the total would pass 10^15.
 */
export async function credit(
  db: Db,
  scope: GameScope,
  playerId: string,
  currency: string,
  amounts: { paid: number; bonus: number },
  details: EntryDetails,
): Promise<MovementView> {
  const change = creditChange(amounts);
  let result = await moveBalance(db, scope, playerId, currency, change, details);
  if (!result.current) {
    await ensureBalanceRow(db, scope, playerId, currency);
    result = await moveBalance(db, scope, playerId, currency, change, details);
  }
  if (!result.movement) {
    throw new AppError("LIMIT_REACHED", `The balance of "${currency}" would exceed ${MAX_BALANCE}.`, {
      limit: MAX_BALANCE,
      current: result.current ? result.current.paid + result.current.bonus : 0,
    });
  }
  return result.movement;
}

/**
 * Takes back coins an order delivered: `bonus` from the bonus bucket as far as it holds them, the
 * rest from `paid`. With the `allow` policy `paid` may go below zero (a debt repaid by later credits);
 * with `clamp` it stops at zero and the shortfall is forgiven.
 */
export async function clawback(
  db: Db,
  scope: GameScope,
  policy: GameSettings["negativeBalance"],
  playerId: string,
  currency: string,
  delivered: { paid: number; bonus: number },
  details: EntryDetails,
): Promise<MovementView> {
  const total = delivered.paid + delivered.bonus;
  const change = sql`
      SELECT -t.paid_take AS paid_change, -t.bonus_take AS bonus_change
      FROM (
        SELECT b.bonus_take,
               CASE WHEN ${policy === "allow"}::boolean THEN ${total}::bigint - b.bonus_take
                    ELSE LEAST(GREATEST(cur.paid, 0), ${total}::bigint - b.bonus_take) END AS paid_take
        FROM cur, (SELECT LEAST(cur.bonus, ${delivered.bonus}::bigint) AS bonus_take FROM cur) AS b
      ) AS t`;
  let result = await moveBalance(db, scope, playerId, currency, change, details);
  if (!result.current) {
    await ensureBalanceRow(db, scope, playerId, currency);
    result = await moveBalance(db, scope, playerId, currency, change, details);
  }
  if (!result.movement) throw new AppError("INTERNAL_ERROR", "Clawback could not be written.");
  return result.movement;
}

/**
 * Brings a balance back to exactly zero in one entry (paid and bonus, a debt included): player-data
 * erasure closes the wallet this way, so the ledger still sums to the balance. Null when the balance
 * is already zero or has no row (nothing is written).
 */
export async function zeroBalance(db: Db, scope: GameScope, playerId: string, currency: string, details: EntryDetails): Promise<MovementView | null> {
  const change = sql`
      SELECT -cur.paid AS paid_change, -cur.bonus AS bonus_change FROM cur WHERE cur.paid <> 0 OR cur.bonus <> 0`;
  const { movement } = await moveBalance(db, scope, playerId, currency, change, details);
  return movement;
}
