"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";

/**
 * The one way the dashboard shows instants, numbers and counts. Every date is in the studio's time zone
 * (a studio setting, UTC by default) with the zone written out, so a ledger line and an order page can
 * never disagree, and server and browser render the same text.
 */

type Instant = string | Date | number | null | undefined;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const partFormats = new Map<string, Intl.DateTimeFormat>();
const counts = new Intl.NumberFormat("en-GB");
const euros = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" });

function cached(store: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = store.get(timeZone);
  if (!format) {
    format = make();
    store.set(timeZone, format);
  }
  return format;
}

function toDate(value: Instant): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether `timeZone` is an IANA zone this runtime knows ("UTC", "Europe/Paris"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** "24 Nov 2026, 09:05 CET": day, month, year, 24-hour time and the zone; "—" for no value. */
export function formatDateTime(value: Instant, timeZone = "UTC"): string {
  const date = toDate(value);
  if (!date) return "—";
  return cached(dateTimeFormats, timeZone, () =>
    new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" }),
  ).format(date);
}

/** "24 Nov 2026", the calendar day in the studio's zone. */
export function formatDate(value: Instant, timeZone = "UTC"): string {
  const date = toDate(value);
  if (!date) return "—";
  return cached(dateFormats, timeZone, () => new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short", year: "numeric" })).format(date);
}

/** 1234567 → "1,234,567". */
export function formatNumber(value: number): string {
  return counts.format(value);
}

/** Integer cents as euros ("€12.34"). */
export function formatEuros(cents: number): string {
  return euros.format(cents / 100);
}

/** "1 checkout", "2 checkouts", "1,000 checkouts"; pass `many` when the plural is not `one` + "s". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

function wallClock(date: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = cached(partFormats, timeZone, () =>
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

export type Formatter = {
  timeZone: string;
  dateTime: (value: Instant) => string;
  date: (value: Instant) => string;
  number: (value: number) => string;
  euros: (cents: number) => string;
  plural: (count: number, one: string, many?: string) => string;
  toInput: (value: Instant) => string;
  fromInput: (value: string) => string | null;
};

function formatterFor(timeZone: string): Formatter {
  return {
    timeZone,
    dateTime: (value) => formatDateTime(value, timeZone),
    date: (value) => formatDate(value, timeZone),
    number: formatNumber,
    euros: formatEuros,
    plural,
    toInput: (value) => toZonedInput(value, timeZone),
    fromInput: (value) => fromZonedInput(value, timeZone),
  };
}

const FormatContext = createContext<Formatter>(formatterFor("UTC"));

/** Set once by the dashboard layout from the studio's setting. */
export function FormatProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  const value = useMemo(() => formatterFor(isKnownTimeZone(timeZone) ? timeZone : "UTC"), [timeZone]);
  return <FormatContext.Provider value={value}>{children}</FormatContext.Provider>;
}

/** The studio's formatter: `const f = useFormat(); f.dateTime(order.createdAt)`. */
export function useFormat(): Formatter {
  return useContext(FormatContext);
}

/** An instant in a `<time>` element, machine-readable for assistive tech and tests. */
export function Instant({ value }: { value: Instant }) {
  const f = useFormat();
  const date = toDate(value);
  return date ? <time dateTime={date.toISOString()}>{f.dateTime(date)}</time> : <span>—</span>;
}
