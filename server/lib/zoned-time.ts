/**
 * Wall-clock arithmetic in an IANA zone, without "use client": the dashboard's formatter and the server
 * (CSV exports, date-range filters read in the studio's zone) share this one implementation.
 */

type Instant = string | Date | number | null | undefined;

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partFormat(timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = make();
    partFormats.set(timeZone, format);
  }
  return format;
}

function toDate(value: Instant): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function wallClock(date: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = partFormat(timeZone, () =>
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }),
  ).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

function offsetMs(date: Date, timeZone: string): number {
  const c = wallClock(date, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(date.getTime() / 1000) * 1000;
}

/** An instant as the value of an `<input type="datetime-local">` showing the studio's wall clock. */
export function toZonedInput(value: Instant, timeZone = "UTC"): string {
  const date = toDate(value);
  if (!date) return "";
  const c = wallClock(date, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/** The value of a `datetime-local` input, read as the studio's wall clock, as an ISO instant; null when empty or invalid. */
export function fromZonedInput(value: string, timeZone = "UTC"): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  // Two passes settle the offset across a daylight-saving change.
  let instant = asUtc - offsetMs(new Date(asUtc), timeZone);
  instant = asUtc - offsetMs(new Date(instant), timeZone);
  return new Date(instant).toISOString();
}

/** "2026-11-24 09:05:00": the wall clock in `timeZone`, sortable, for exports. */
export function zonedTimestamp(value: Date, timeZone = "UTC"): string {
  const c = wallClock(value, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/** The first instant of a calendar day ("2026-11-24") in `timeZone`, or null for a malformed day. */
export function startOfZonedDay(day: string, timeZone = "UTC"): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const probe = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 10) !== day) return null;
  const iso = fromZonedInput(`${day}T00:00`, timeZone);
  return iso ? new Date(iso) : null;
}

/** The calendar day after `day` ("2026-02-28" → "2026-03-01"). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
