import "server-only";
import { PostgresJsSession } from "drizzle-orm/postgres-js/session";

let installed = false;

/**
 * Drizzle prepares a statement on Postgres only when the query is given a name; otherwise Postgres
 * parses and plans every statement again, which was three quarters of its time per spend
 * (docs/performance.md). postgres.js caches prepared statements per connection by their text, so
 * giving every query a name prepares each distinct statement once per connection.
 */
export function prepareAllStatements(): void {
  if (installed) return;
  installed = true;
  const prototype = PostgresJsSession.prototype as unknown as { prepareQuery: (...args: unknown[]) => unknown };
  const original = prototype.prepareQuery;
  // Drizzle's arguments are passed on as they come, but for the third, the statement's name (query, fields, name, ...).
  prototype.prepareQuery = function prepareQuery(this: unknown, ...args: unknown[]) {
    args[2] ??= "gamecoin";
    return original.apply(this, args);
  };
}
