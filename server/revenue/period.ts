import "server-only";
import { z } from "zod";

/**
 * Reports work in whole calendar days in UTC: the same order lands on the same day whoever looks
 * at it, and a day's figures never change with the viewer's time zone.
 */
export const UtcDay = z.iso.date("Must be a date (YYYY-MM-DD)");

/** A year and a day: a full year (leap or not) fits, and a report stays one query per kind. */
export const MAX_PERIOD_DAYS = 366;

/** An inclusive range of UTC days. */
export const Period = z.strictObject({ from: UtcDay, to: UtcDay });
export type Period = z.infer<typeof Period>;

const DAY_MS = 86_400_000;

/** Midnight UTC at the start of `day`. */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The UTC day of an instant. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(startOfDay(day).getTime() + days * DAY_MS));
}

/** [start, end) in instants: `to` is inclusive, so the end is the midnight after it. */
export function periodBounds(period: Period): { start: Date; end: Date } {
  return { start: startOfDay(period.from), end: startOfDay(addDays(period.to, 1)) };
}

/** Every day of the period, oldest first (the chart shows quiet days as zero, not as gaps). */
export function daysOf(period: Period): string[] {
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The `n` days ending with the day of `now` (today included). */
export function lastDays(now: Date, n: number): Period {
  const to = dayOf(now);
  return { from: addDays(to, -(n - 1)), to };
}

/**
 * Cross-field rule for any input holding an optional or required `from` and `to`: in order, and no
 * longer than MAX_PERIOD_DAYS. Reported on `to`, the field the user most likely got wrong.
 */
export function checkPeriod(value: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  const { from, to } = value;
  if (!from || !to || !UtcDay.safeParse(from).success || !UtcDay.safeParse(to).success) return;
  if (to < from) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "Must not be before the start date" });
    return;
  }
  const days = (startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS + 1;
  if (days > MAX_PERIOD_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `A period is at most ${MAX_PERIOD_DAYS} days` });
}

/** A required period with its cross-field rule, ready to extend a procedure's input. */
export const CheckedPeriod = Period.superRefine(checkPeriod);
