import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Db } from "@/db/client";
import { studios } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { notFound } from "@/server/lib/errors";

export const MIN_AUDIT_RETENTION_DAYS = 30;
export const MAX_AUDIT_RETENTION_DAYS = 3650;
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

export const AuditRetentionInput = z.strictObject({
  days: z
    .number("Must be a whole number of days")
    .int("Must be a whole number of days")
    .min(MIN_AUDIT_RETENTION_DAYS, `At least ${MIN_AUDIT_RETENTION_DAYS} days`)
    .max(MAX_AUDIT_RETENTION_DAYS, `At most ${MAX_AUDIT_RETENTION_DAYS} days (10 years)`),
});
export type AuditRetentionInput = z.infer<typeof AuditRetentionInput>;

export type AuditRetentionView = { days: number };

export async function getAuditRetention(db: Db, studioId: string): Promise<AuditRetentionView> {
  const rows = await db.select({ days: studios.auditRetentionDays }).from(studios).where(eq(studios.id, studioId)).limit(1);
  if (!rows[0]) throw notFound("Studio");
  return { days: rows[0].days };
}

/** How long the studio's audit log is kept; the cleanup job deletes older entries. */
export async function setAuditRetention(db: Db, studioId: string, input: AuditRetentionInput): Promise<AuditRetentionView> {
  const rows = await db.update(studios).set({ auditRetentionDays: input.days }).where(eq(studios.id, studioId)).returning({ days: studios.auditRetentionDays });
  if (!rows[0]) throw notFound("Studio");
  return { days: rows[0].days };
}

/**
 * Deletes every studio's audit entries older than its own retention, in one statement (idempotent, so
 * two instances running the job at once only share the work). Returns how many entries went.
 */
export async function deleteExpiredAuditEntries(db: Db): Promise<number> {
  // ISO string with a cast: raw SQL has no column to tell the driver how to send a Date.
  const now = new Date(clock.nowMs()).toISOString();
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`with gone as (
      delete from audit_log a using studios s
      where a.studio_id = s.id and a.created_at < ${now}::timestamptz - make_interval(days => s.audit_retention_days)
      returning 1
    ) select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
