/**
 * A game that has run for months, written in SQL beside the bench game's own players: `players` more
 * players, `entries` ledger entries spread over them, and idempotency records from the start of the last
 * week already past its 30 days (for the cleanup to remove) to yesterday: `keyDays` live days and more.
 *
 * Loaded as a restore loads a database: rows first, indexes built once afterwards (the ledger keeps its
 * primary key), on two sessions at a time (the machine's two cores), each with triggers and foreign-key
 * checks off (superuser).
 */
import { weekPartitionName, weekStart } from "@/server/idempotency/partitions";
import type { Sql } from "./pg";

export type GrownSize = { players: number; entries: number; keyDays: number; keysPerDay: number };
/** How much to grow, and the moment the idempotency records are dated from. */
export type GrownSeed = { size: GrownSize; nowMs: number };
/** Wall-clock seconds of each stage; `rows` and `indexes` ran on two sessions at once. */
export type GrownSeedTimes = { rowsSeconds: number; indexesSeconds: number; /** ANALYZE and a CHECKPOINT */ analyzeSeconds: number; totalSeconds: number };

type Game = { id: string; env: string };
type Task = { label: string; run: (session: Sql) => Promise<void> };

const DAY_MS = 24 * 3_600_000;
const WEEK_MS = 7 * DAY_MS;
const SESSIONS = 2;
/** The ledger is written in this many INSERTs (at least 500,000 rows each), so both sessions finish together. */
const LEDGER_CHUNKS = 10;
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** Runs the tasks on `SESSIONS` sessions of their own, each taking the next task when done. */
async function onSessions(sql: Sql, tasks: Task[]): Promise<void> {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: SESSIONS }, async () => {
      const session = await sql.reserve();
      try {
        await session`SET session_replication_role = replica`;
        await session`SET maintenance_work_mem = '1GB'`;
        // Index builds write whole pages to the WAL; these rows compress several times over.
        await session`SET wal_compression = 'lz4'`.catch(() => session`SET wal_compression = 'on'`);
        for (let task = queue.shift(); task; task = queue.shift()) await task.run(session);
      } finally {
        session.release();
      }
    }),
  );
}

function playersTask(game: Game, size: GrownSize): Task {
  return {
    label: "players",
    run: async (session) => {
      await session.unsafe(
        `INSERT INTO players (id, game_id, env, external_id, kind, blocked, created_at, updated_at)
         SELECT 'gp' || i, $1::text, $2::text, 'grown-' || i, 'external', false, now() - interval '90 days', now() - interval '90 days'
         FROM generate_series(0, $3::int - 1) AS i`,
        [game.id, game.env, size.players],
      );
    },
  };
}

/**
 * Entries `from` to `to` - 1 of the grown ledger. Ids as the ledger makes them (12 hex of milliseconds,
 * 4 of the microsecond, 8 of a sequence), a millisecond apart, all older than the bench players' entries.
 */
function ledgerTask(game: Game, { size, from, to }: { size: GrownSize; from: number; to: number }): Task {
  return {
    label: `ledger ${from}–${to}`,
    run: async (session) => {
      await session.unsafe(
        `INSERT INTO ledger_entries
           (id, game_id, env, player_id, type, currency, paid_delta, bonus_delta, paid_after, bonus_after, reason, metadata, order_id, item_sku, created_at)
         SELECT lpad(to_hex(base.ms + i), 12, '0') || '0000' || lpad(to_hex(i), 8, '0'), $1::text, $2::text, 'gp' || (i % $3::bigint),
                CASE WHEN i / $3::bigint % 2 = 0 THEN 'grant' ELSE 'spend' END, 'coins',
                CASE WHEN i / $3::bigint % 2 = 0 THEN 1 ELSE -1 END, 0, CASE WHEN i / $3::bigint % 2 = 0 THEN 1 ELSE 0 END, 0,
                'grown', '{}'::jsonb, NULL, NULL, to_timestamp((base.ms + i) / 1000.0)
         FROM (SELECT floor(extract(epoch FROM now() - interval '60 days') * 1000)::bigint AS ms) AS base,
              generate_series($4::bigint, $5::bigint - 1) AS i`,
        [game.id, game.env, size.players, from, to],
      );
    },
  };
}

/**
 * One week of records (the days of it from `firstDay` on, before `endDay`) in a table of its own with
 * its primary key built once (a week has no other index: migration 0022), then attached as the week's
 * partition, as the cleanup job would have made it. The CHECK spares ATTACH a scan to prove the rows
 * belong; it goes once attached.
 */
function keyWeekTask(game: Game, { monday, firstDay, endDay, keysPerDay }: { monday: number; firstDay: number; endDay: number; keysPerDay: number }): Task {
  const name = weekPartitionName(new Date(monday));
  const from = new Date(monday).toISOString();
  const to = new Date(monday + WEEK_MS).toISOString();
  return {
    label: name,
    run: async (session) => {
      await session.unsafe(`CREATE TABLE "${name}" (LIKE idempotency_records INCLUDING DEFAULTS,
                              CONSTRAINT "${name}_range" CHECK (created_at >= '${from}' AND created_at < '${to}'))`);
      for (let day = Math.max(monday, firstDay); day < Math.min(monday + WEEK_MS, endDay); day += DAY_MS) {
        await session.unsafe(
          `INSERT INTO "${name}" (game_id, env, principal, key, fingerprint, operation, response_status, response_body, created_at)
           SELECT $1::text, $2::text, 'server', 'grown-' || $5::text || '-' || i, md5(i::text), 'wallet.spend', 200,
                  '{"entry":{"id":"x"},"balance":{"currency":"coins","paid":1,"bonus":0,"total":1}}'::json,
                  $3::timestamptz + (i * (86400000.0 / $4::int)) * interval '1 millisecond'
           FROM generate_series(0, $4::int - 1) AS i`,
          [game.id, game.env, new Date(day).toISOString(), keysPerDay, String(day)],
        );
      }
      await session.unsafe(`ALTER TABLE "${name}" ADD PRIMARY KEY (game_id, env, principal, key, created_at)`);
      await session.unsafe(`ALTER TABLE idempotency_records ATTACH PARTITION "${name}" FOR VALUES FROM ('${from}') TO ('${to}')`);
      await session.unsafe(`ALTER TABLE "${name}" DROP CONSTRAINT "${name}_range"`);
    },
  };
}

/** The weeks from the last expired one to this week; an existing partition (made at start) is replaced. */
async function keyWeekTasks(sql: Sql, game: Game, { size, nowMs }: GrownSeed): Promise<Task[]> {
  const firstDay = expiredWeekStart(nowMs, size.keyDays).getTime();
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const tasks: Task[] = [];
  for (let monday = firstDay; monday <= today; monday += WEEK_MS) {
    // The server made this week's partition at start; it holds only the bench's own records, which the
    // measures after the seeding do not read, so the grown week takes its place.
    await sql.unsafe(`DROP TABLE IF EXISTS "${weekPartitionName(new Date(monday))}"`);
    tasks.push(keyWeekTask(game, { monday, firstDay, endDay: today, keysPerDay: size.keysPerDay }));
  }
  return tasks;
}

/** The Monday of the last week whose records are all past `keyDays` days at `nowMs`. */
export function expiredWeekStart(nowMs: number, keyDays: number): Date {
  const cutoff = nowMs - keyDays * DAY_MS;
  return new Date(weekStart(cutoff).getTime() - WEEK_MS);
}

/** Writes the grown data, then analyzes it as autovacuum would (this Postgres runs with autovacuum off). */
export async function seedGrown(sql: Sql, game: Game, seed: GrownSeed): Promise<GrownSeedTimes> {
  const started = performance.now();
  const secondary = await sql<{ name: string; definition: string }[]>`
    SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename = 'ledger_entries'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.conrelid = 'ledger_entries'::regclass)`;
  for (const index of secondary) await sql.unsafe(`DROP INDEX "${index.name}"`);
  const ledger: Task[] = [];
  const chunk = Math.max(500_000, Math.ceil(seed.size.entries / LEDGER_CHUNKS));
  for (let from = 0; from < seed.size.entries; from += chunk) {
    ledger.push(ledgerTask(game, { size: seed.size, from, to: Math.min(from + chunk, seed.size.entries) }));
  }
  let at = performance.now();
  // The week tables first: each is a long single task, best begun while the ledger chunks fill the gaps.
  await onSessions(sql, [...(await keyWeekTasks(sql, game, seed)), playersTask(game, seed.size), ...ledger]);
  const rowsSeconds = seconds(at);
  at = performance.now();
  await onSessions(sql, secondary.map((index) => ({ label: index.name, run: async (session: Sql) => void (await session.unsafe(index.definition)) })));
  const indexesSeconds = seconds(at);
  at = performance.now();
  await sql`ANALYZE`;
  // The load leaves gigabytes dirty in shared buffers and the page cache: written out now, as part of the
  // seeding, rather than by a checkpoint in the middle of the grown measures.
  await sql`CHECKPOINT`;
  const analyzeSeconds = seconds(at);
  return { rowsSeconds, indexesSeconds, analyzeSeconds, totalSeconds: seconds(started) };
}
