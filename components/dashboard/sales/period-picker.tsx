"use client";

import { Button, Field, TextInput } from "@/components/ui/primitives";

export type Period = { from: string; to: string };

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Quick ranges, all ending on `today` (the server's UTC day) or covering a calendar month. */
function presets(today: string): [string, Period][] {
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  return [
    ["7 days", { from: addDays(today, -6), to: today }],
    ["30 days", { from: addDays(today, -29), to: today }],
    ["90 days", { from: addDays(today, -89), to: today }],
    ["This month", { from: monthStart, to: today }],
    ["Last month", { from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd }],
  ];
}

/** A from/to pair of UTC days with presets; field errors come from the server's period schema. */
export function PeriodPicker({
  value,
  onChange,
  today,
  errors = {},
}: {
  value: Period;
  onChange: (period: Period) => void;
  today: string;
  errors?: Record<string, string[]>;
}) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      <div className="w-40">
        <Field label="From (UTC)" error={errors.from}>
          <TextInput type="date" value={value.from} max={value.to} onChange={(e) => onChange({ ...value, from: e.target.value })} data-testid="period-from" />
        </Field>
      </div>
      <div className="w-40">
        <Field label="To (UTC)" error={errors.to}>
          <TextInput type="date" value={value.to} min={value.from} onChange={(e) => onChange({ ...value, to: e.target.value })} data-testid="period-to" />
        </Field>
      </div>
      <div className="mt-6 flex flex-wrap gap-1 pt-0.5">
        {presets(today).map(([label, period]) => {
          const active = period.from === value.from && period.to === value.to;
          return (
            <Button key={label} tone={active ? "primary" : "ghost"} onClick={() => onChange(period)} className="!px-2 !py-1 text-xs">
              {label}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
