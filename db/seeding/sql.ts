import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";

/** The value an `INSERT … ON CONFLICT DO UPDATE` proposed for this column. */
function excluded(column: PgColumn): SQL {
  return sql.raw(`excluded."${column.name}"`);
}

/**
 * The `set` and `setWhere` of an upsert that copies `keys` from the proposed row, and only when one of
 * them differs: a second run of the same fixture then writes nothing, not even `updated_at` (`touch`).
 */
export function upsertChanges<T extends PgTable>(
  table: T,
  keys: readonly (keyof T["_"]["columns"] & string)[],
  touch?: keyof T["_"]["columns"] & string,
): { set: PgUpdateSetSource<T>; setWhere: SQL } {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const set: Record<string, SQL> = {};
  const compared: PgColumn[] = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`No column ${key}`);
    set[key] = excluded(column);
    compared.push(column);
  }
  const touched = touch ? columns[touch] : undefined;
  if (touch && touched) set[touch] = excluded(touched);
  const current = sql.join(compared.map((column) => sql`${column}`), sql`, `);
  const proposed = sql.join(compared.map(excluded), sql`, `);
  // ROW(…) so a single column still compares as a row.
  return { set: set as PgUpdateSetSource<T>, setWhere: sql`row(${current}) is distinct from row(${proposed})` };
}
