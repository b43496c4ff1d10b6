import "server-only";
import { and, gte, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import { auditLog } from "@/db/schema";
import { nextDay, startOfZonedDay } from "@/server/lib/zoned-time";
import { validationError } from "@/server/lib/errors";

/** A calendar day as the studio writes it ("2026-11-24"); its bounds are read in the studio's zone. */
export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day as YYYY-MM-DD");

export type DayRange = { from?: string | undefined; to?: string | undefined };

/**
 * `from` and `to` are whole days, both included, in the studio's zone: "from 24 Nov to 24 Nov" in
 * Europe/Paris is [23 Nov 23:00 UTC, 24 Nov 23:00 UTC). A reversed or impossible day is a field error.
 */
export function dayRangeBounds(range: DayRange, timeZone: string): { start: Date | null; end: Date | null } {
  const start = range.from ? startOfZonedDay(range.from, timeZone) : null;
  const end = range.to ? startOfZonedDay(nextDay(range.to), timeZone) : null;
  if (range.from && !start) throw validationError({ from: ["Not a calendar day"] });
  if (range.to && !end) throw validationError({ to: ["Not a calendar day"] });
  if (start && end && start >= end) throw validationError({ to: ["Must be on or after the start day"] });
  return { start, end };
}

export function dayRangeConditions(range: DayRange, timeZone: string): SQL[] {
  const { start, end } = dayRangeBounds(range, timeZone);
  const conditions: SQL[] = [];
  if (start) conditions.push(gte(auditLog.createdAt, start));
  if (end) conditions.push(lt(auditLog.createdAt, end));
  return conditions.length > 1 ? [and(...conditions) as SQL] : conditions;
}
