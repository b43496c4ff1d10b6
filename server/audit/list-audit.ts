import "server-only";
import { and, asc, desc, eq, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { auditLog, games, staff } from "@/db/schema";
import { studioTimeZone } from "@/server/auth/studio";
import { Cursor, decodeCursor, encodeCursor, Limit } from "@/server/lib/cursor";
import { Day, dayRangeConditions } from "./audit-range";
import { describeAuditTargets, targetOf } from "./audit-targets";

/** Filters of the studio's audit log (parsed by the tRPC input); each one narrows the list, combined with AND. */
export const ListAuditQuery = z.strictObject({
  limit: Limit,
  cursor: Cursor.optional(),
  gameId: z.string().min(1).max(64).optional(),
  action: z.string().min(1).max(100).optional(),
  staffId: z.string().min(1).max(64).optional(),
  /** Whole days in the studio's zone, both included. */
  from: Day.optional(),
  to: Day.optional(),
});
export type ListAuditQuery = z.output<typeof ListAuditQuery>;

export type AuditEntryView = {
  id: string;
  createdAt: string;
  staffId: string | null;
  /** Kept on the entry itself, so it still reads right after the member is removed. */
  staffEmail: string | null;
  /** The member's current name, or null once removed. */
  staffName: string | null;
  action: string;
  gameId: string | null;
  gameName: string | null;
  env: string | null;
  targetType: string | null;
  targetId: string | null;
  /** The target's current name (a player's display name, a pack's name…), or null once it is gone. */
  targetName: string | null;
  /** The dashboard page of the target, when it has one. */
  targetHref: string | null;
  before: unknown;
  after: unknown;
};

export type AuditPage = { entries: AuditEntryView[]; nextCursor: string | null };

/**
 * One page of a studio's audit log, newest first. Ids are ordered by creation time, so the cursor (the
 * last id of the previous page) is stable while new entries arrive.
 */
export async function listAuditEntries(db: Db, studioId: string, query: ListAuditQuery): Promise<AuditPage> {
  const conditions: SQL[] = [eq(auditLog.studioId, studioId)];
  if (query.gameId) conditions.push(eq(auditLog.gameId, query.gameId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.staffId) conditions.push(eq(auditLog.staffId, query.staffId));
  if (query.from || query.to) conditions.push(...dayRangeConditions(query, await studioTimeZone(db, studioId)));
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (after) conditions.push(lt(auditLog.id, after));
  const rows = await db
    .select({ entry: auditLog, staffName: staff.name, gameName: games.name })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    // SECURITY: the studio condition on the join too, so an entry can never name another studio's game.
    .leftJoin(games, and(eq(games.id, auditLog.gameId), eq(games.studioId, studioId)))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  // A game that is not the studio's has no name here (see the join), and its targets are never read.
  const refOf = (entry: (typeof page)[number]["entry"], gameName: string | null) => ({ ...entry, gameId: gameName === null ? null : entry.gameId });
  const gameNames = new Map(page.flatMap(({ entry, gameName }) => (entry.gameId && gameName !== null ? [[entry.gameId, gameName] as const] : [])));
  const targets = await describeAuditTargets(db, studioId, { refs: page.map(({ entry, gameName }) => refOf(entry, gameName)), gameNames });
  return {
    entries: page.map(({ entry, staffName, gameName }) => {
      const target = targetOf(targets, refOf(entry, gameName));
      return {
        id: entry.id,
        createdAt: entry.createdAt.toISOString(),
        staffId: entry.staffId,
        staffEmail: entry.staffEmail,
        staffName,
        action: entry.action,
        gameId: entry.gameId,
        gameName,
        env: entry.env,
        targetType: entry.targetType,
        targetId: entry.targetId,
        targetName: target.name,
        targetHref: target.href,
        before: entry.before,
        after: entry.after,
      };
    }),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.entry.id) : null,
  };
}

/** The values the filters can take: actions and people that appear in the studio's log (removed members too). */
export async function auditFilterOptions(db: Db, studioId: string): Promise<{ actions: string[]; staff: { id: string; email: string }[] }> {
  const actions = await db.selectDistinct({ action: auditLog.action }).from(auditLog).where(eq(auditLog.studioId, studioId)).orderBy(asc(auditLog.action));
  const people = await db
    .selectDistinct({ id: auditLog.staffId, email: auditLog.staffEmail })
    .from(auditLog)
    .where(eq(auditLog.studioId, studioId))
    .orderBy(asc(auditLog.staffEmail));
  return {
    actions: actions.map((a) => a.action),
    staff: people.flatMap((p) => (p.id && p.email ? [{ id: p.id, email: p.email }] : [])),
  };
}
