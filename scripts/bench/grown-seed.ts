/**
 * A game that has run for months, written in SQL beside the bench game's own players: `players` more
 * players, `entries` ledger entries spread over them, and idempotency records from the start of the last
 * week already past its 30 days (for the cleanup to remove) to yesterday: `keyDays` live days and more.
 */
import { weekPartitionName, weekStart } from "@/server/idempotency/partitions";
import type { Sql } from "./pg";

export type GrownSize = { players: number; entries: number; keyDays: number; keysPerDay: number };
/** How much to grow, and the moment the idempotency records are dated from. */
export type GrownSeed = { size: GrownSize; nowMs: number };
export type GrownSeedTimes = { playersSeconds: number; ledgerSeconds: number; keysSeconds: number; analyzeSeconds: number; totalSeconds: number };

const DAY_MS = 24 * 3_600_000;
const WEEK_MS = 7 * DAY_MS;
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/**
 * `keysPerDay` records a day, from the first day of the last week already past its 30 days (the one the
 * cleanup drops) to yesterday, in their week partitions, made here as the cleanup job would have.
 */
async function seedKeys(sql: Sql, game: { id: string; env: string }, { size, nowMs }: GrownSeed): Promise<void> {
  const expiredWeek = expiredWeekStart(nowMs, size.keyDays);
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  for (let monday = expiredWeek.getTime(); monday <= today; monday += WEEK_MS) {
    const name = weekPartitionName(new Date(monday));
    await sql.unsafe(
      `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF idempotency_records FOR VALUES FROM ('${new Date(monday).toISOString()}') TO ('${new Date(monday + WEEK_MS).toISOString()}')`,
    );
  }
  for (let day = expiredWeek.getTime(); day < today; day += DAY_MS) {
    // Through the parent (rows find their week) with triggers off: these keys are unique by construction.
    await sql.unsafe(
      `INSERT INTO idempotency_records (game_id, env, principal, key, fingerprint, operation, response_status, response_body, created_at)
       SELECT $1::text, $2::text, 'server', 'grown-' || $5::text || '-' || i, md5(i::text), 'wallet.spend', 200,
              '{"entry":{"id":"x"},"balance":{"currency":"coins","paid":1,"bonus":0,"total":1}}'::json,
              $3::timestamptz + (i * (86400000.0 / $4::int)) * interval '1 millisecond'
       FROM generate_series(0, $4::int - 1) AS i`,
      [game.id, game.env, new Date(day).toISOString(), size.keysPerDay, String(day)],
    );
  }
}

/** The Monday of the last week whose records are all past `keyDays` days at `nowMs`. */
export function expiredWeekStart(nowMs: number, keyDays: number): Date {
  const cutoff = nowMs - keyDays * DAY_MS;
  return new Date(weekStart(cutoff).getTime() - WEEK_MS);
}

/** Writes the grown data; triggers and foreign keys are off for the seeding session (superuser). */
export async function seedGrown(sql: Sql, game: { id: string; env: string }, { size, nowMs }: GrownSeed): Promise<GrownSeedTimes> {
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
  // As a restore loads a table: rows first, then its secondary indexes built once, which is several
  // times faster than keeping three indexes up to date row by row (50M rows took over 20 minutes so).
  const secondary = await sql<{ name: string; definition: string }[]>`
    SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename = 'ledger_entries'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.conrelid = 'ledger_entries'::regclass)`;
  for (const index of secondary) await sql.unsafe(`DROP INDEX "${index.name}"`);
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
  await sql`SET maintenance_work_mem = '1GB'`;
  for (const index of secondary) await sql.unsafe(index.definition);
  await sql`RESET maintenance_work_mem`;
  const ledgerSeconds = seconds(at);
  at = performance.now();
  await seedKeys(sql, game, { size, nowMs });
  const keysSeconds = seconds(at);
  await sql`SET session_replication_role = origin`;
  at = performance.now();
  // As autovacuum would after a load (this Postgres runs with autovacuum off).
  await sql`ANALYZE`;
  const analyzeSeconds = seconds(at);
  return { playersSeconds, ledgerSeconds, keysSeconds, analyzeSeconds, totalSeconds: seconds(started) };
}
