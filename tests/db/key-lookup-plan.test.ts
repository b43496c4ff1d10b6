import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekPartitionName, weekStart } from "@/server/idempotency/partitions";
import { runOnMaintenance, workerDatabaseName } from "../worker-databases";

/**
 * The key look-ups of money_move_batch in a week whose plan was made while it was empty: the weeks are
 * made ahead, and an `ANALYZE` of the whole database (after a restore, a pg_upgrade, or by hand) finds
 * them empty, so a plan made before the week's first records costs reading it whole at nothing and
 * keeps it until the week's next ANALYZE. Before money_move_batch and the key trigger ran with
 * `enable_seqscan = off`, such a plan read every record of the week for every key: a write grew slower
 * with every record of the week.
 */
const RECORDS = 5_000;
const WEEK_MS = 7 * 24 * 3600 * 1000;
const baseUrl = process.env.DATABASE_URL;
const scratchName = baseUrl ? `${workerDatabaseName(baseUrl, Number(process.env.VITEST_POOL_ID ?? 0))}_keyplan_${process.pid}` : null;

type Sql = ReturnType<typeof postgres>;
let scratch: Sql | null = null;

const adminRun = (statement: string) => runOnMaintenance(baseUrl as string, statement);

function scratchUrl(): string {
  const url = new URL(baseUrl as string);
  url.pathname = `/${scratchName}`;
  return url.toString();
}

/** A week made ahead (migration 0015 makes two): empty, and analyzed so by the ANALYZE below. */
type Week = { name: string; monday: Date };
function weekAhead(weeks: 1 | 2): Week {
  const monday = new Date(weekStart(Date.now()).getTime() + weeks * WEEK_MS);
  return { name: weekPartitionName(monday), monday };
}

function spends(count: number, now: Date, tag: string): string {
  return JSON.stringify(
    Array.from({ length: count }, (_, i) => ({
      game_id: "keyplan-game",
      env: "test",
      player_id: "keyplan-player",
      kind: "debit",
      currency: "coins",
      amount: 1,
      bonus_first: true,
      type: "spend",
      reason: null,
      metadata: {},
      metadata_json: "{}",
      record: { principal: "server", key: `fresh-${tag}-${i}`, fingerprint: "f", operation: "spendCurrency", status: 200 },
      now: now.toISOString(),
    })),
  );
}

type Scans = { seqScans: number; indexScans: number };

/** The week's scans so far, this session's not yet reported ones included (they outlive a rollback). */
async function weekScans(session: Sql, week: Week): Promise<Scans> {
  const [row] = await session.unsafe<{ seq_scan: string; idx_scan: string }[]>(
    "SELECT seq_scan::text, idx_scan::text FROM pg_stat_xact_user_tables WHERE relname = $1",
    [week.name],
  );
  return { seqScans: Number(row?.seq_scan), indexScans: Number(row?.idx_scan) };
}

/** What a writer writes at `now`, and how many of its records it wrote. */
type Write = (session: Sql, now: Date, tag: string) => Promise<number>;

/** A batch of 8 spends, each with its record: the function looks their keys up itself. */
const moneyBatch: Write = async (session, now, tag) => {
  const outcomes = await session.unsafe<{ outcome: string }[]>("SELECT outcome FROM money_move_batch($1::text::jsonb)", [spends(8, now, tag)]);
  return outcomes.filter((row) => row.outcome === "moved").length;
};

/** 8 records written as every writer but the batch writes them: the trigger looks each key up. */
const recordsThroughTheTrigger: Write = async (session, now, tag) => {
  const rows = await session.unsafe(
    `INSERT INTO idempotency_records (game_id, env, principal, key, fingerprint, operation, response_status, response_body, created_at)
     SELECT 'keyplan-game', 'test', 'server', $1 || '-' || i, 'f', 'createOrder', 201, '{}', $2::timestamptz FROM generate_series(1, 8) AS i RETURNING key`,
    [`fresh-${tag}`, now.toISOString()],
  );
  return rows.length;
};

/** One write to measure, on `session`, against `week`. */
type ScannedWrite = { session: Sql; write: Write; week: Week; now: Date; tag: string };

/** The write, rolled back (one connection, so BEGIN … ROLLBACK is one transaction); the week's scans by it. */
async function writeScans({ session, write, week, now, tag }: ScannedWrite): Promise<Scans & { written: number }> {
  await session.unsafe("BEGIN");
  try {
    const before = await weekScans(session, week);
    const written = await write(session, now, tag);
    const after = await weekScans(session, week);
    return { seqScans: after.seqScans - before.seqScans, indexScans: after.indexScans - before.indexScans, written };
  } finally {
    await session.unsafe("ROLLBACK");
  }
}

/** The week fills after the session's plans were made (records written as a batch writes them: the trigger's look-up skipped). */
async function fillWeek({ monday }: Week): Promise<void> {
  await (scratch as Sql).begin(async (tx) => {
    await tx.unsafe("SELECT set_config('gamecoin.idempotency_keys_checked', 'on', true)");
    await tx.unsafe(
      `INSERT INTO idempotency_records (game_id, env, principal, key, fingerprint, operation, response_status, response_body, created_at)
       SELECT 'keyplan-game', 'test', 'server', 'old-' || i, 'f', 'spendCurrency', 200, '{}', $1::timestamptz FROM generate_series(1, ${RECORDS}) AS i`,
      [new Date(monday.getTime() + 3600_000).toISOString()],
    );
  });
}

/**
 * A session whose plan of the writer's look-ups is made while the week is empty (the generic plan,
 * made on first use), then the same write once the week holds RECORDS records.
 */
async function scansAfterTheWeekFills(write: Write, week: Week): Promise<Scans & { written: number }> {
  const now = new Date(week.monday.getTime() + 2 * 3600_000);
  const session = postgres(scratchUrl(), { max: 1, onnotice: () => {} });
  try {
    await session.unsafe("SET plan_cache_mode = force_generic_plan");
    await writeScans({ session, write, week, now, tag: "first" });
    await fillWeek(week);
    return await writeScans({ session, write, week, now, tag: "measured" });
  } finally {
    await session.end({ timeout: 5 });
  }
}

beforeAll(async () => {
  if (!baseUrl || !scratchName) return;
  await adminRun(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`);
  await adminRun(`CREATE DATABASE "${scratchName}"`);
  const { openDriver } = await import("@/db/client");
  const { migrateHandle } = await import("@/db/migrate");
  const handle = await openDriver({ DATABASE_URL: scratchUrl(), DATABASE_POOL_SIZE: 1, DATABASE_PREPARE: false, DATABASE_IDLE_SECONDS: 60, PGLITE_DATA_DIR: "memory://" });
  try {
    await migrateHandle(handle);
  } finally {
    await handle.close();
  }
  scratch = postgres(scratchUrl(), { max: 1, onnotice: () => {} });
  for (const weeks of [1, 2] as const) await scratch.unsafe(`ALTER TABLE ${weekAhead(weeks).name} SET (autovacuum_enabled = false)`);
  await scratch.unsafe(`INSERT INTO studios (id, name, created_at) VALUES ('keyplan-studio', 'Key plan', now())`);
  await scratch.unsafe(`INSERT INTO games (id, studio_id, slug, name, created_at) VALUES ('keyplan-game', 'keyplan-studio', 'keyplan', 'Key plan', now())`);
  await scratch.unsafe(`INSERT INTO players (id, game_id, env, external_id, kind, created_at, updated_at)
    VALUES ('keyplan-player', 'keyplan-game', 'test', 'keyplan', 'external', now(), now())`);
  await scratch.unsafe(`INSERT INTO balances (player_id, currency, game_id, env, paid, bonus, updated_at)
    VALUES ('keyplan-player', 'coins', 'keyplan-game', 'test', 0, 1000000, now())`);
  // As after a restore or by hand: the whole database analyzed, the weeks ahead found empty.
  await scratch.unsafe("ANALYZE");
}, 120_000);

afterAll(async () => {
  await scratch?.end({ timeout: 5 });
  if (baseUrl && scratchName) await adminRun(`DROP DATABASE IF EXISTS "${scratchName}" WITH (FORCE)`);
});

describe.skipIf(!baseUrl)("idempotency key look-ups in a week that filled after their plan was made", () => {
  // The plan a pool connection keeps once its plan cache settles on the generic one. (Left to itself,
  // the plan cache here keeps making custom plans, each from the week's size at the time.)
  it("money_move_batch: every key found through the week's primary key, the week never read whole", async () => {
    expect(await scansAfterTheWeekFills(moneyBatch, weekAhead(1))).toEqual({ seqScans: 0, indexScans: 8, written: 8 });
  });

  it("the trigger of every other writer: the same", async () => {
    expect(await scansAfterTheWeekFills(recordsThroughTheTrigger, weekAhead(2))).toEqual({ seqScans: 0, indexScans: 8, written: 8 });
  });

  it("the weeks hold their records while their statistics still say none", async () => {
    for (const weeks of [1, 2] as const) {
      const { name } = weekAhead(weeks);
      const [stats] = await (scratch as Sql).unsafe<{ reltuples: number; rows: number }[]>(
        `SELECT c.reltuples::float8 AS reltuples, (SELECT count(*)::int FROM ${name}) AS rows FROM pg_class c WHERE c.oid = $1::regclass`,
        [name],
      );
      expect(stats).toEqual({ reltuples: 0, rows: RECORDS });
    }
  });
});
