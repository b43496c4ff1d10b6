import "server-only";
import type { Db } from "@/db/client";

/**
 * A hot read whose SQL text drizzle builds once per database handle instead of once per call: building
 * a select (its `is()` checks walk prototype chains for every chunk) was a quarter of the server's CPU
 * for a wallet read and 8 % of a request refused for its body (docs/performance.md, "Queries built once").
 * Values go in as `sql.placeholder(name)`; placeholders skip the column's encoding, so a time is passed
 * as ISO text. A transaction is a handle of its own: its queries run on its connection.
 */
export function preparedQuery<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const byHandle = new WeakMap<Db, Query>();
  return (db) => {
    let query = byHandle.get(db);
    if (query === undefined) byHandle.set(db, (query = build(db)));
    return query;
  };
}
