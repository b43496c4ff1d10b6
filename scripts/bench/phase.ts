/** One measured load phase: quiet-machine wait, warm-up, the run, and what the server and Postgres did meanwhile. */
import { runLoad, type LoadScenario, type SpendResult } from "./load";
import { ActivitySampler, dbStats, diffStats, diffTableStats, tableStats, type DbStats, type Sql, type TableStats } from "./pg";
import { CpuTracker, machineBusyCores, RssSampler, type CpuSplit } from "./proc";

/** Postgres 15 backends publish their counters within 10 s of going idle. */
export const STATS_FLUSH_MS = 11_500;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
export const log = (message: string) => console.log(`[bench] ${message}`);

export type QuietWait = { waitedSeconds: number; busyCoresBefore: number };

/** Waits until the machine is idle for 3 s in a row (or `waitSeconds` run out); returns the last busy figure. */
export async function waitForQuiet(label: string, waitSeconds: number, belowCores: number): Promise<QuietWait> {
  const started = Date.now();
  let quietSeconds = 0;
  let busy = 0;
  while (Date.now() - started < waitSeconds * 1000) {
    busy = await machineBusyCores(1000);
    quietSeconds = busy < belowCores ? quietSeconds + 1 : 0;
    if (quietSeconds >= 3) break;
  }
  const waitedSeconds = Math.round((Date.now() - started) / 1000);
  if (quietSeconds < 3) log(`${label}: machine still busy (${busy.toFixed(2)} cores used by others) after ${waitedSeconds} s; measuring anyway`);
  else if (waitedSeconds > 4) log(`${label}: waited ${waitedSeconds} s for other jobs on the machine to finish`);
  return { waitedSeconds, busyCoresBefore: Math.round(busy * 100) / 100 };
}

export type ScenarioReport = SpendResult & {
  quiet: QuietWait;
  warmup: SpendResult;
  peakRssMb: number;
  cpu: CpuSplit;
  /** average number of the server's Postgres connections in each state (pg_stat_activity, every 500 ms) */
  connectionStates: Record<string, number>;
  /** Postgres counters over warm-up + run, divided by the requests sent (WAL figures are cluster-wide) */
  perRequest: Record<string, number>;
  /** pg_stat_user_tables increments per request sent */
  perRequestByTable: TableStats;
};

function perRequest(stats: DbStats, requests: number): Record<string, number> {
  const round = (v: number) => Math.round((v / Math.max(1, requests)) * 100) / 100;
  return {
    transactions: round(stats.xactCommit + stats.xactRollback),
    rowsInserted: round(stats.tupInserted),
    rowsUpdated: round(stats.tupUpdated),
    rowsFetched: round(stats.tupFetched),
    walRecords: round(stats.walRecords),
    walBytes: round(stats.walBytes),
    walFlushes: round(stats.walSync),
  };
}

export type PhaseContext = {
  baseUrl: string;
  admin: Sql;
  benchSql: Sql;
  benchDb: string;
  rss: RssSampler;
  cpuTracker: CpuTracker;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  quiet: () => Promise<QuietWait>;
};

/** Warm-up, then the measured run; the Postgres counters are read after they were flushed (STATS_FLUSH_MS). */
export async function measureScenario(ctx: PhaseContext, scenario: LoadScenario): Promise<ScenarioReport> {
  const quiet = await ctx.quiet();
  const statsBefore = await dbStats(ctx.admin, ctx.benchDb);
  const tablesBefore = await tableStats(ctx.benchSql);
  log(`${scenario.name}: warm-up ${ctx.warmupSeconds} s`);
  const load = { connections: ctx.connections };
  const warmup = await runLoad(ctx.baseUrl, scenario, { ...load, durationSeconds: ctx.warmupSeconds });
  log(`${scenario.name}: ${ctx.connections} connections, ${ctx.durationSeconds} s`);
  const activity = new ActivitySampler(ctx.admin, ctx.benchDb, 500);
  ctx.rss.resetWindow();
  activity.start();
  ctx.cpuTracker.start();
  const result = await runLoad(ctx.baseUrl, scenario, { ...load, durationSeconds: ctx.durationSeconds });
  const cpu = ctx.cpuTracker.stop();
  const connectionStates = await activity.stop();
  const peakRssMb = mb(ctx.rss.windowPeakBytes);
  await sleep(STATS_FLUSH_MS);
  const stats = diffStats(statsBefore, await dbStats(ctx.admin, ctx.benchDb));
  const tablesAfter = await tableStats(ctx.benchSql);
  const sent = warmup.sent + result.sent;
  log(
    `${scenario.name}: ${result.requestsPerSecond} req/s (${result.runner}), p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, ` +
      `status ${JSON.stringify(result.statusCodes)}, cpu ${JSON.stringify(cpu)}`,
  );
  return {
    ...result,
    quiet,
    warmup,
    peakRssMb,
    cpu,
    connectionStates,
    perRequest: perRequest(stats, sent),
    perRequestByTable: diffTableStats(tablesBefore, tablesAfter, sent),
  };
}

/** Unexpected answers (not 200, or not the scenario's refusal), errors and timeouts of the warm-up and the run, as messages. */
export function failures(report: ScenarioReport): string[] {
  const out: string[] = [];
  for (const run of [report.warmup, report as SpendResult]) {
    const bad = run.total - run.okAnswers + run.errors + run.timeouts;
    if (bad > 0) {
      out.push(
        `${report.scenario}${run === report.warmup ? " (warm-up)" : ""}: ${run.total - run.okAnswers} unexpected answers, ${run.errors} errors, ` +
          `${run.timeouts} timeouts; status codes ${JSON.stringify(run.statusCodes)}; samples ${JSON.stringify(run.sampleFailures)}`,
      );
    }
  }
  return out;
}
