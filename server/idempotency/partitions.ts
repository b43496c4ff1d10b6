import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/db/client";
import { postgresErrorCode } from "@/server/lib/postgres-errors";

/**
 * The week partitions of idempotency_records (migration 0015): each week (Monday 00:00 UTC to the next)
 * has its own table, made two weeks ahead and dropped once the week's last record is past its 30 days.
 * Dropping a week costs a catalog change, not a DELETE of its rows, so the cost stays flat however many
 * records a week holds. Weeks rather than days: a new key is looked up in every partition that may hold
 * a live record of it (the trigger of 0015), 6 of them with weeks, 32 with days.
 *
 * What a partition covers is in its name: `idempotency_records_w20261123` the week from Monday
 * 2026-11-23, `idempotency_records_before_20261130` everything before that day (the table as it was
 * before 0015), and `idempotency_records_default` any week without a partition yet.
 */
const PARENT = "idempotency_records";
const DEFAULT_PARTITION = "idempotency_records_default";
const DAY_MS = 24 * 3_600_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday: Mondays are 4 days after a multiple of 7 days since the epoch. */
const MONDAY_OFFSET_MS = 4 * DAY_MS;
export const PARTITION_WEEKS_AHEAD = 2;
/**
 * Dropping or attaching a partition takes a short exclusive lock on the table; while it waits for one,
 * new writes queue behind it. So it waits at most this long, and the job tries again a little later.
 */
const LOCK_TIMEOUT_MS = 100;
const LOCK_TRIES = 5;
/** Rows removed per statement from the partitions that are not weeks (default, before 0015). */
export const DELETE_BATCH = 10_000;

const LOCK_NOT_AVAILABLE = "55P03";
const DUPLICATE_TABLE = "42P07";
const UNDEFINED_TABLE = "42P01";

export type Partition =
  | { name: string; kind: "week"; from: Date; to: Date }
  | { name: string; kind: "before"; to: Date }
  | { name: string; kind: "default" };

/** Monday 00:00 UTC of the week holding `ms`. */
export function weekStart(ms: number): Date {
  return new Date(Math.floor((ms - MONDAY_OFFSET_MS) / WEEK_MS) * WEEK_MS + MONDAY_OFFSET_MS);
}

function compactDay(day: Date): string {
  return day.toISOString().slice(0, 10).replaceAll("-", "");
}

function dayFromCompact(text: string): Date {
  return new Date(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T00:00:00.000Z`);
}

export function weekPartitionName(monday: Date): string {
  return `${PARENT}_w${compactDay(monday)}`;
}

/** What a child table of idempotency_records covers, read from its name; null for a name not made here. */
export function parsePartition(name: string): Partition | null {
  if (name === DEFAULT_PARTITION) return { name, kind: "default" };
  const week = /^idempotency_records_w(\d{8})$/.exec(name);
  if (week?.[1]) {
    const from = dayFromCompact(week[1]);
    return { name, kind: "week", from, to: new Date(from.getTime() + WEEK_MS) };
  }
  const before = /^idempotency_records_before_(\d{8})$/.exec(name);
  if (before?.[1]) return { name, kind: "before", to: dayFromCompact(before[1]) };
  return null;
}

export async function listPartitions(db: Db): Promise<Partition[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${PARENT}::regclass order by c.relname`,
  );
  return rows.map((row) => parsePartition(row.name)).filter((p): p is Partition => p !== null);
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** A DDL transaction that gives up on a busy table quickly and tries again, so writes never wait long. */
async function withShortLock(db: Db, work: (tx: Db) => Promise<void>): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT_MS}ms'`));
        await work(tx as unknown as Db);
      });
      return true;
    } catch (error) {
      const code = postgresErrorCode(error);
      // Another instance made or dropped the same partition first: its work is ours.
      if (code === DUPLICATE_TABLE || code === UNDEFINED_TABLE) return false;
      if (code !== LOCK_NOT_AVAILABLE || attempt >= LOCK_TRIES) throw error;
      await sleep(attempt * 200);
    }
  }
}

/**
 * The partition of one week. Rows of that week already in the default partition move into it first
 * (ATTACH refuses while the default holds rows of the range): normally none, the weeks ahead exist.
 */
async function createWeekPartition(db: Db, monday: Date): Promise<boolean> {
  const name = weekPartitionName(monday);
  const from = monday.toISOString();
  const to = new Date(monday.getTime() + WEEK_MS).toISOString();
  return withShortLock(db, async (tx) => {
    await tx.execute(sql`create table ${sql.identifier(name)} (like ${sql.identifier(PARENT)} including defaults)`);
    await tx.execute(sql`with moved as (delete from ${sql.identifier(DEFAULT_PARTITION)}
                          where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz returning *)
                        insert into ${sql.identifier(name)} select * from moved`);
    await tx.execute(sql`alter table ${sql.identifier(PARENT)} attach partition ${sql.identifier(name)}
                        for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`);
  });
}

/** Makes the partitions of this week and the weeks ahead that are missing; returns their names. */
export async function ensurePartitions(db: Db, nowMs: number, weeksAhead = PARTITION_WEEKS_AHEAD): Promise<string[]> {
  const partitions = await listPartitions(db);
  const existing = new Set(partitions.map((p) => p.name));
  const coveredBefore = Math.max(0, ...partitions.map((p) => (p.kind === "before" ? p.to.getTime() : 0)));
  const created: string[] = [];
  const thisWeek = weekStart(nowMs);
  for (let i = 0; i <= weeksAhead; i += 1) {
    const monday = new Date(thisWeek.getTime() + i * WEEK_MS);
    if (monday.getTime() < coveredBefore || existing.has(weekPartitionName(monday))) continue;
    if (await createWeekPartition(db, monday)) created.push(weekPartitionName(monday));
  }
  return created;
}

/** The moment at or before which a record is expired at `nowMs`: the window's one home is SQL (idempotency_live_since). */
async function liveSince(db: Db, nowMs: number): Promise<Date> {
  const rows = await queryRows<{ since: Date | string }>(db, sql`select idempotency_live_since(${new Date(nowMs).toISOString()}::timestamptz) as since`);
  const since = rows[0]?.since;
  if (since === undefined) throw new Error("idempotency_live_since returned no row");
  return new Date(since);
}

/**
 * Removes every partition whose last possible record is past its 30 days; returns their names.
 *
 * In two steps, so writes never wait for the disk: DETACH is a catalog change under the table's short
 * exclusive lock, then DROP of the table (now nobody's partition) frees its files, which for a week of
 * a busy game is gigabytes and the slow part. A DROP TABLE of an attached partition would do that
 * freeing while still holding the parent's lock, with every new write queued behind it.
 */
export async function dropExpiredPartitions(db: Db, nowMs: number): Promise<string[]> {
  const cutoff = (await liveSince(db, nowMs)).getTime();
  for (const partition of await listPartitions(db)) {
    if (partition.kind === "default" || partition.to.getTime() > cutoff) continue;
    // Not CONCURRENTLY: Postgres refuses DETACH … CONCURRENTLY beside a default partition.
    await withShortLock(db, async (tx) => {
      await tx.execute(sql`alter table ${sql.identifier(PARENT)} detach partition ${sql.identifier(partition.name)}`);
    });
  }
  return dropDetachedPartitions(db);
}

/**
 * Drops every table named as a partition that is no longer attached: the weeks just detached, and any
 * a process stopped between DETACH and DROP left (only dropExpiredPartitions detaches, so each was on
 * its way out). Returns their names.
 */
async function dropDetachedPartitions(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_class parent on parent.oid = ${PARENT}::regclass
        where c.relnamespace = parent.relnamespace and c.relkind = 'r' and not c.relispartition
          and c.relname ~ '^idempotency_records_(w[0-9]{8}|before_[0-9]{8})$'
        order by c.relname`,
  );
  for (const row of rows) await db.execute(sql`drop table if exists ${sql.identifier(row.name)}`);
  return rows.map((row) => row.name);
}

/**
 * Expired rows of the partitions that are not weeks (the default one, the table from before 0015),
 * in statements of at most DELETE_BATCH rows, so none holds its locks long. Returns how many went.
 */
export async function deleteExpiredOutsideWeeks(db: Db, nowMs: number): Promise<number> {
  const cutoff = (await liveSince(db, nowMs)).toISOString();
  let total = 0;
  for (const partition of await listPartitions(db)) {
    if (partition.kind === "week") continue;
    const table = sql.identifier(partition.name);
    for (;;) {
      const rows = await queryRows<{ n: number | string }>(
        db,
        sql`with gone as (delete from ${table} where ctid = any(array(
              select ctid from ${table} where created_at <= ${cutoff}::timestamptz limit ${DELETE_BATCH})) returning 1)
            select count(*)::int as n from gone`,
      );
      const n = Number(rows[0]?.n ?? 0);
      total += n;
      if (n < DELETE_BATCH) break;
    }
  }
  return total;
}
