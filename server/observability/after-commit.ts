import "server-only";
import { SharedAsyncContext } from "@/server/runtime/shared-async-context";

/**
 * Metric increments that must wait for the transaction they happened in: a ledger entry or an order
 * move that rolls back never happened. The Postgres client's `begin` (db-pool.ts) opens a scope;
 * `whenCommitted` inside it queues the task until COMMIT succeeds and drops it on rollback; outside
 * any transaction (an auto-committed statement) it runs at once.
 *
 * Limits (docs/observability.md): PGlite's transactions open no scope, so there a task runs at once;
 * a savepoint rolled back inside a committed transaction still counts.
 */
/**
 * On globalThis, like the database client and the metrics: the production build loads this module twice
 * (the custom server's bundle, which opens the pool and so the scopes, and Next.js's, where route
 * handlers call `whenCommitted`). Two copies with a storage each would never see each other's scope, and
 * every task would run at once, before its COMMIT.
 */
const KEY = "__gamecoinAfterCommit";
const globalForHooks = globalThis as unknown as { [KEY]?: SharedAsyncContext<(() => void)[]> };
const pending = (globalForHooks[KEY] ??= new SharedAsyncContext<(() => void)[]>());

export function whenCommitted(task: () => void): void {
  const queue = pending.getStore();
  if (queue) queue.push(task);
  else task();
}

/** Runs `transaction` (which resolves once committed) in a fresh scope, then the scope's tasks. */
export async function withCommitHooks<T>(transaction: () => Promise<T>): Promise<T> {
  const queue: (() => void)[] = [];
  const result = await pending.run(queue, transaction);
  for (const task of queue) task();
  return result;
}
