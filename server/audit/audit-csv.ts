import "server-only";
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { auditLog, games, staff } from "@/db/schema";
import { zonedTimestamp } from "@/server/lib/zoned-time";
import { studioTimeZone } from "@/server/auth/studio";
import { csvFile } from "@/server/lib/csv";
import { AppError } from "@/server/lib/errors";
import { Day, dayRangeConditions } from "./audit-range";

/** The export takes the list's filters and a required day range (both days included, studio zone). */
export const AuditCsvQuery = z.strictObject({
  from: Day,
  to: Day,
  gameId: z.string().min(1).max(64).optional(),
  action: z.string().min(1).max(100).optional(),
  staffId: z.string().min(1).max(64).optional(),
});
export type AuditCsvQuery = z.output<typeof AuditCsvQuery>;

export const AUDIT_CSV_HEADER = [
  "created_at",
  "created_at_studio_time",
  "time_zone",
  "staff_email",
  "staff_name",
  "action",
  "game_id",
  "game_name",
  "env",
  "target_type",
  "target_id",
  "before",
  "after",
];

const BATCH = 1000;
/** A spreadsheet's comfortable size; past it the person narrows the range instead of waiting on a huge file. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

/** The studio's audit log for a day range, newest first like the page; before/after as JSON text. */
export async function auditCsv(db: Db, studioId: string, query: AuditCsvQuery): Promise<{ filename: string; csv: string; rows: number }> {
  const timeZone = await studioTimeZone(db, studioId);
  const base: SQL[] = [eq(auditLog.studioId, studioId), ...dayRangeConditions(query, timeZone)];
  if (query.gameId) base.push(eq(auditLog.gameId, query.gameId));
  if (query.action) base.push(eq(auditLog.action, query.action));
  if (query.staffId) base.push(eq(auditLog.staffId, query.staffId));
  const records: (string | number)[][] = [];
  let after: string | null = null;
  for (;;) {
    const cursor: SQL[] = after ? [lt(auditLog.id, after)] : [];
    const rows = await db
      .select({ entry: auditLog, staffName: staff.name, gameName: games.name })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      // SECURITY: the studio condition on the join too, as in the list.
      .leftJoin(games, and(eq(games.id, auditLog.gameId), eq(games.studioId, studioId)))
      .where(and(...base, ...cursor))
      .orderBy(desc(auditLog.id))
      .limit(BATCH);
    for (const { entry, staffName, gameName } of rows) {
      records.push([
        entry.createdAt.toISOString(),
        zonedTimestamp(entry.createdAt, timeZone),
        timeZone,
        entry.staffEmail ?? "",
        staffName ?? "",
        entry.action,
        entry.gameId ?? "",
        gameName ?? "",
        entry.env ?? "",
        entry.targetType ?? "",
        entry.targetId ?? "",
        json(entry.before),
        json(entry.after),
      ]);
    }
    if (records.length > AUDIT_CSV_MAX_ROWS) {
      throw new AppError("VALIDATION_FAILED", `More than ${AUDIT_CSV_MAX_ROWS} entries in this range; export a shorter range.`, {
        fieldErrors: { from: ["Range too large"] },
      });
    }
    const lastId: string | undefined = rows[rows.length - 1]?.entry.id;
    if (rows.length < BATCH || !lastId) break;
    after = lastId;
  }
  return { filename: `audit-log-${query.from}-to-${query.to}.csv`, csv: csvFile(AUDIT_CSV_HEADER, records), rows: records.length };
}
