import "server-only";
import { getDb } from "@/server/db/connection";
import { config } from "@/server/lib/config";
import { stopClaiming } from "@/server/webhooks/held-leases";
import { childLogger } from "@/server/observability/logger";
import type { DeliveryCounts } from "@/server/webhooks/deliver";
import { runJob, type JobName, type JobResult } from "./run-job";

export type ScheduledJob = {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** True when the run's result says work remains: the next run starts at once instead of after everyMs. */
  again?: (result: unknown) => boolean;
};
export type Loops = { stop: () => Promise<void> };

/** How often each job runs in process (real time, not the test clock: this is the trigger, not the rule). */
export const SCHEDULE: Record<JobName, number> = {
  webhooks: 5_000,
  // Mails normally leave at once (nudged after their commit); this run sends retries and what a
  // process that died after a commit left queued.
  mail: 5_000,
  "expire-orders": 60_000,
  payments: 60_000,
  cleanup: 3_600_000,
};

/** The first run comes soon after start, so a often-restarted instance still runs its hourly job. */
const FIRST_RUN_MAX_MS = 5_000;

const schedulerLog = childLogger({ module: "scheduler" });
/** The JSON log, in the shape of console.error (tests pass their own). */
const toLogger: Pick<Console, "error"> = { error: (message: unknown, error: unknown) => schedulerLog.error({ err: error }, String(message)) };

/**
 * Runs each job in its own loop: the next run is scheduled only when the previous one has finished, so
 * a job never overlaps itself in this process (other instances are kept apart by the database).
 * An error is logged and the loop goes on; nothing here can crash the process.
 */
export function startLoops(jobs: ScheduledJob[], log: Pick<Console, "error"> = toLogger): Loops {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const schedule = (job: ScheduledJob, delayMs: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      let busy = false;
      const run = job
        .run()
        .then(
          (result) => {
            busy = job.again?.(result) ?? false;
          },
          (error: unknown) => log.error(`[scheduler] job ${job.name} failed`, error),
        )
        .finally(() => {
          running.delete(run);
          schedule(job, busy ? 0 : job.everyMs);
        });
      running.add(run);
    }, delayMs);
    // The loops must never keep a process alive on their own (tests, scripts, shutdown).
    timer.unref();
    timers.add(timer);
  };

  for (const job of jobs) schedule(job, Math.min(job.everyMs, FIRST_RUN_MAX_MS));
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}

function sentSomething(result: unknown): boolean {
  const counts = (result as JobResult | undefined)?.counts as Partial<DeliveryCounts> | undefined;
  return (counts?.claimed ?? 0) > 0;
}

const globalForScheduler = globalThis as unknown as { __gamecoinScheduler?: Loops };

/** Starts the in-process scheduler once per process (dev hot reloads included), unless SCHEDULER=off. */
export function startScheduler(): Loops | null {
  if (config().SCHEDULER === "off") return null;
  globalForScheduler.__gamecoinScheduler ??= startLoops(
    (Object.entries(SCHEDULE) as [JobName, number][]).map(([name, everyMs]) => ({
      name,
      everyMs,
      run: async () => runJob(await getDb(), name),
      // A webhooks run that sent something may have left more due (its batches are bounded): the next
      // one starts at once, so a backlog drains at the worker's speed, not one run per tick.
      again: name === "webhooks" ? sentSomething : undefined,
    })),
  );
  return globalForScheduler.__gamecoinScheduler;
}

/**
 * Shutdown: no job starts again, the webhook worker claims no further batch, and this resolves when
 * the runs in progress have finished (the caller bounds the wait; leases of cut-short sends are then
 * released by releaseHeldLeases).
 */
export async function stopScheduler(): Promise<void> {
  stopClaiming();
  const loops = globalForScheduler.__gamecoinScheduler;
  globalForScheduler.__gamecoinScheduler = undefined;
  if (loops) await loops.stop();
}
