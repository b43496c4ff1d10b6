import "server-only";
import type { Sql } from "postgres";
import { withCommitHooks } from "./after-commit";
import { metrics } from "./metrics";

/** The private part of a postgres.js query this relies on: the pool function that sends it. */
type SendableQuery = { handler?: (query: SendableQuery) => void; then(onSettled: () => void, onRejected: () => void): unknown };

/**
 * postgres.js exposes no pool statistics, so the client is wrapped: a transaction (`begin`) holds a
 * connection from start to COMMIT, a top-level query from the moment it is sent until it settles.
 * Their sum against the pool size gives `gamecoin_db_pool_connections` (docs/observability.md says
 * what that approximates). `begin` also opens the after-commit scope of metric increments.
 */
export function trackPool<T extends Sql>(client: T): T {
  const stats = metrics().pool;
  stats.size = client.options.max;
  const release = () => {
    stats.inFlight -= 1;
  };

  const unsafe = client.unsafe as (...args: unknown[]) => unknown;
  const trackedUnsafe = (...args: unknown[]): unknown => {
    const query = unsafe(...args);
    const sendable = query as unknown as SendableQuery;
    const send = sendable.handler;
    // A postgres.js without this field (a future version) is simply not counted.
    if (typeof send === "function") {
      sendable.handler = (sent) => {
        stats.inFlight += 1;
        sent.then(release, release);
        send(sent);
      };
    }
    return query;
  };
  client.unsafe = trackedUnsafe as T["unsafe"];

  const begin = client.begin as (...args: unknown[]) => Promise<unknown>;
  const trackedBegin = async (...args: unknown[]): Promise<unknown> => {
    stats.inFlight += 1;
    try {
      return await withCommitHooks(() => begin(...args));
    } finally {
      release();
    }
  };
  client.begin = trackedBegin as T["begin"];
  return client;
}
