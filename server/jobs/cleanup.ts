import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/db/client";
import { deleteExpiredAuditEntries } from "@/server/audit/audit-retention";
import { clock } from "@/server/lib/clock";
import { deleteExpiredShopLinks } from "@/server/shop/shop-links";
import { deleteExpiredShopSessions } from "@/server/shop/shop-sessions";
import { deleteExpiredOutsideWeeks, dropExpiredPartitions, ensurePartitions } from "@/server/idempotency/partitions";

const DAY_MS = 24 * 3_600_000;
/** Spent or expired e-mail codes are kept a day, for support questions ("I never got a code"). */
export const EMAIL_CODE_RETENTION_MS = DAY_MS;

/** Staff password reset links are kept a day past their expiry; the audit log keeps who asked and who used one. */
export const PASSWORD_RESET_RETENTION_MS = DAY_MS;

export type CleanupCounts = {
  idempotencyRecords: number;
  idempotencyWeeksDropped: number;
  idempotencyWeeksCreated: number;
  playerTokens: number;
  emailCodes: number;
  passwordResets: number;
  auditEntries: number;
  shopLinks: number;
  shopSessions: number;
};

async function deleted(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(db, sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Deletes what nothing reads any more. Each statement is independent and idempotent, so two instances
 * running it at once only share the work. An idempotency record is forgotten at 30 days (reads ignore
 * it, SPEC); its row goes with its week's partition, at most a week later.
 */
export async function cleanup(db: Db): Promise<CleanupCounts> {
  // ISO strings with a cast: raw SQL has no column to tell the driver how to send a Date.
  const nowMs = clock.nowMs();
  const now = new Date(nowMs).toISOString();
  const codesBefore = new Date(nowMs - EMAIL_CODE_RETENTION_MS).toISOString();
  // Idempotency records: whole expired weeks are dropped (server/idempotency/partitions.ts); the weeks
  // ahead are made first, so a write never waits for one.
  const idempotencyWeeksCreated = (await ensurePartitions(db, nowMs)).length;
  const idempotencyWeeksDropped = (await dropExpiredPartitions(db, nowMs)).length;
  const idempotencyRecords = await deleteExpiredOutsideWeeks(db, nowMs);
  const playerTokens = await deleted(db, sql`delete from player_tokens where expires_at < ${now}::timestamptz`);
  const emailCodes = await deleted(db, sql`delete from email_codes where expires_at < ${codesBefore}::timestamptz or used_at < ${codesBefore}::timestamptz`);
  const resetsBefore = new Date(nowMs - PASSWORD_RESET_RETENTION_MS).toISOString();
  const passwordResets = await deleted(db, sql`delete from staff_password_resets where expires_at < ${resetsBefore}::timestamptz`);
  // Each studio chooses how long its audit log is kept (studios.audit_retention_days).
  const auditEntries = await deleteExpiredAuditEntries(db);
  // The web shop's links (10 minutes) and sessions (24 hours) past their end.
  const shopLinks = await deleteExpiredShopLinks(db);
  const shopSessions = await deleteExpiredShopSessions(db);
  return { idempotencyRecords, idempotencyWeeksDropped, idempotencyWeeksCreated, playerTokens, emailCodes, passwordResets, auditEntries, shopLinks, shopSessions };
}
