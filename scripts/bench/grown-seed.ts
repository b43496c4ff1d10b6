/**
 * A game that has run for months, written in SQL beside the bench game's own players: `players` more
 * players, `entries` ledger entries spread over them, and `keyDays` days of idempotency records (plus
 * one day already past its 30 days, for the cleanup to remove) in their day partitions.
 */
import { dayPartitionName } from "@/server/idempotency/partitions";
import type { Sql } from "./pg";

export type GrownSize = { players: number; entries: number; keyDays: number; keysPerDay: number };
export type GrownSeedTimes = { playersSeconds: number; ledgerSeconds: number; keysSeconds: number; analyzeSeconds: number; totalSeconds: number };

const DAY_MS = 24 * 3_600_000;
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** The UTC day `daysAgo` days before `nowMs`. */
export function dayBefore(nowMs: number, daysAgo: number): Date {
  return new Date(Math.floor(nowMs / DAY_MS) * DAY_MS - daysAgo * DAY_MS);
}

/**
 * Days `keyDays` back to yesterday hold live records; the day before them has expired. Each day's
 * partition is made here as the cleanup job would have made it then.
 */
async function seedKeys(sql: Sql, game: { id: string; env: string }, size: GrownSize, nowMs: number): Promise<void> {
  for (let back = size.keyDays + 1; back >= 1; back -= 1) {
    const day = dayBefore(nowMs, back);
    const name = dayPartitionName(day);
    const to = new Date(day.getTime() + DAY_MS);
    await sql.unsafe(`CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF idempotency_records FOR VALUES FROM ('${day.toISOString()}') TO ('${to.toISOString()}')`);
    // Straight into the day's table: the key trigger's look-up is for live traffic; these keys are unique.
    await sql.unsafe(
      `INSERT INTO "${name}" (game_id, env, principal, key, fingerprint, operation, response_status, response_body, created_at)
       SELECT $1::text, $2::text, 'server', 'grown-' || $3::text || '-' || i, md5(i::text), 'wallet.spend', 200,
              '{"entry":{"id":"x"},"balance":{"currency":"coins","paid":1,"bonus":0,"total":1}}'::json,
              $4::timestamptz + (i * (86400000.0 / $5::int)) * interval '1 millisecond'
       FROM generate_series(0, $5::int - 1) AS i`,
      [game.id, game.env, String(back), day.toISOString(), size.keysPerDay],
    );
  }
}

/** Writes the grown data; triggers and foreign keys are off for the seeding session (superuser). */
export async function seedGrown(sql: Sql, game: { id: string; env: string }, size: GrownSize, nowMs: number): Promise<GrownSeedTimes> {
  const started = performance.now();
  await sql`SET session_replication_role = replica`;
  let at = performance.now();
  await sql.unsafe(
    `INSERT INTO players (id, game_id, env, external_id, kind, blocked, created_at, updated_at)
     SELECT 'gp' || i, $1::text, $2::text, 'grown-' || i, 'external', false, now() - interval '90 days', now() - interval '90 days'
     FROM generate_series(0, $3::int - 1) AS i`,
    [game.id, game.env, size.players],
  );
  const playersSeconds = seconds(at);
  at = performance.now();
  // Ids as the ledger makes them (12 hex of milliseconds, 4 of the microsecond, 8 of a sequence), a
  // millisecond apart, all older than the bench players' entries.
  await sql.unsafe(
    `INSERT INTO ledger_entries
       (id, game_id, env, player_id, type, currency, paid_delta, bonus_delta, paid_after, bonus_after, reason, metadata, order_id, item_sku, created_at)
     SELECT lpad(to_hex(base.ms + i), 12, '0') || '0000' || lpad(to_hex(i), 8, '0'), $1::text, $2::text, 'gp' || (i % $3::bigint),
            CASE WHEN i / $3::bigint % 2 = 0 THEN 'grant' ELSE 'spend' END, 'coins',
            CASE WHEN i / $3::bigint % 2 = 0 THEN 1 ELSE -1 END, 0, CASE WHEN i / $3::bigint % 2 = 0 THEN 1 ELSE 0 END, 0,
            'grown', '{}'::jsonb, NULL, NULL, to_timestamp((base.ms + i) / 1000.0)
     FROM (SELECT floor(extract(epoch FROM now() - interval '60 days') * 1000)::bigint AS ms) AS base,
          generate_series(0, $4::bigint - 1) AS i`,
    [game.id, game.env, size.players, size.entries],
  );
  const ledgerSeconds = seconds(at);
  at = performance.now();
  await seedKeys(sql, game, size, nowMs);
  const keysSeconds = seconds(at);
  await sql`SET session_replication_role = origin`;
  at = performance.now();
  // As autovacuum would after a load (this Postgres runs with autovacuum off).
  await sql`ANALYZE`;
  const analyzeSeconds = seconds(at);
  return { playersSeconds, ledgerSeconds, keysSeconds, analyzeSeconds, totalSeconds: seconds(started) };
}
