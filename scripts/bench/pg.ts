/** Admin-side Postgres helpers for the bench: throwaway databases and server-side statistics. */
import postgres from "postgres";

export type Sql = ReturnType<typeof postgres>;

export function adminClient(adminUrl: string): Sql {
  return postgres(adminUrl, { max: 2, onnotice: () => {} });
}

/** The same server and credentials as `adminUrl`, another database. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function assertSafeName(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Refusing unusual database name ${name}`);
}

export async function createDatabase(sql: Sql, name: string): Promise<void> {
  assertSafeName(name);
  await sql.unsafe(`CREATE DATABASE ${name}`);
}

export async function dropDatabase(sql: Sql, name: string): Promise<void> {
  assertSafeName(name);
  // FORCE (Postgres 13+) ends sessions left behind by a killed server.
  await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export type DbStats = {
  xactCommit: number;
  xactRollback: number;
  tupInserted: number;
  tupUpdated: number;
  tupFetched: number;
  tupReturned: number;
  walRecords: number;
  walBytes: number;
  walSync: number;
};

/** Cumulative counters of one database plus the cluster-wide WAL counters (pg_stat_wal, Postgres 14+). */
export async function dbStats(sql: Sql, database: string): Promise<DbStats> {
  await sql`SELECT pg_stat_clear_snapshot()`;
  const [db] = await sql<{ xact_commit: string; xact_rollback: string; tup_inserted: string; tup_updated: string; tup_fetched: string; tup_returned: string }[]>`
    SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_fetched, tup_returned
    FROM pg_stat_database WHERE datname = ${database}`;
  let wal = { wal_records: "0", wal_bytes: "0", wal_sync: "0" };
  try {
    const [row] = await sql<{ wal_records: string; wal_bytes: string; wal_sync: string }[]>`
      SELECT wal_records, wal_bytes, wal_sync FROM pg_stat_wal`;
    if (row) wal = row;
  } catch {
    // before Postgres 14
  }
  return {
    xactCommit: Number(db?.xact_commit ?? 0),
    xactRollback: Number(db?.xact_rollback ?? 0),
    tupInserted: Number(db?.tup_inserted ?? 0),
    tupUpdated: Number(db?.tup_updated ?? 0),
    tupFetched: Number(db?.tup_fetched ?? 0),
    tupReturned: Number(db?.tup_returned ?? 0),
    walRecords: Number(wal.wal_records),
    walBytes: Number(wal.wal_bytes),
    walSync: Number(wal.wal_sync),
  };
}

export function diffStats(before: DbStats, after: DbStats): DbStats {
  const out = { ...after };
  for (const key of Object.keys(out) as (keyof DbStats)[]) out[key] = after[key] - before[key];
  return out;
}

/**
 * Samples pg_stat_activity of one database: how many of the server's connections are running a
 * statement, waiting for a lock, waiting on WAL flush, or idle (waiting for Node to send the next one).
 */
export class ActivitySampler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  samples = 0;
  /** sums over samples, keyed "state/wait_event_type:wait_event" */
  totals = new Map<string, number>();

  constructor(
    private readonly sql: Sql,
    private readonly database: string,
    private readonly intervalMs = 500,
  ) {}

  private async sample(): Promise<void> {
    const rows = await this.sql<{ bucket: string; n: string }[]>`
      SELECT coalesce(state, '?') || '/' || coalesce(wait_event_type || ':' || wait_event, 'cpu') AS bucket, count(*) AS n
      FROM pg_stat_activity
      WHERE datname = ${this.database} AND pid <> pg_backend_pid() AND backend_type = 'client backend'
      GROUP BY 1`;
    this.samples += 1;
    for (const row of rows) this.totals.set(row.bucket, (this.totals.get(row.bucket) ?? 0) + Number(row.n));
  }

  start(): void {
    this.samples = 0;
    this.totals.clear();
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sample()
        .catch(() => {})
        .finally(() => {
          this.running = undefined;
        });
    }, this.intervalMs);
  }

  async stop(): Promise<Record<string, number>> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    const averages: Record<string, number> = {};
    const sorted = [...this.totals.entries()].sort((a, b) => b[1] - a[1]);
    for (const [bucket, total] of sorted) averages[bucket] = Math.round((total / Math.max(1, this.samples)) * 10) / 10;
    return averages;
  }
}

export type TableStats = Record<string, Record<string, number>>;

/** Per-table access counters of the database `sql` is connected to (pg_stat_user_tables). */
export async function tableStats(sql: Sql): Promise<TableStats> {
  await sql`SELECT pg_stat_clear_snapshot()`;
  const rows = await sql<Record<string, string>[]>`
    SELECT relname, seq_scan, seq_tup_read, coalesce(idx_scan, 0) AS idx_scan, coalesce(idx_tup_fetch, 0) AS idx_tup_fetch,
           n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del
    FROM pg_stat_user_tables`;
  const out: TableStats = {};
  for (const row of rows) {
    const { relname, ...counters } = row;
    out[relname as string] = Object.fromEntries(Object.entries(counters).map(([k, v]) => [k, Number(v)]));
  }
  return out;
}

/** (after - before) / divisor per table and counter, leaving out tables and counters that did not move. */
export function diffTableStats(before: TableStats, after: TableStats, divisor: number): TableStats {
  const out: TableStats = {};
  for (const [table, counters] of Object.entries(after)) {
    const moved: Record<string, number> = {};
    for (const [name, value] of Object.entries(counters)) {
      const delta = value - (before[table]?.[name] ?? 0);
      if (delta !== 0) moved[name] = Math.round((delta / Math.max(1, divisor)) * 100) / 100;
    }
    if (Object.keys(moved).length > 0) out[table] = moved;
  }
  return out;
}
