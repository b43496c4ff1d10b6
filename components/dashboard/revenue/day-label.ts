import { formatDate } from "@/components/ui/format";

/**
 * A report day ("2026-11-24") as "24 Nov 2026". Report days are UTC calendar days (server/revenue/period.ts),
 * so they are formatted in UTC: formatting them in the studio's zone would shift them by a day.
 */
export function dayLabel(day: string): string {
  return formatDate(`${day}T00:00:00Z`, "UTC");
}

/** "24 Nov", for axis ticks. */
export function shortDayLabel(day: string): string {
  return dayLabel(day).replace(/ \d{4}$/, "");
}
