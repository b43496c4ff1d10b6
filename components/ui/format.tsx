"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { fromZonedInput, toZonedInput } from "@/server/lib/zoned-time";

export { fromZonedInput, toZonedInput };

/**
 * The one way the dashboard shows instants, numbers and counts. Every date is in the studio's time zone
 * (a studio setting, UTC by default) with the zone written out, so a ledger line and an order page can
 * never disagree, and server and browser render the same text.
 */

type Instant = string | Date | number | null | undefined;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
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
