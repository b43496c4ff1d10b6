"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatEuros, plural } from "@/components/ui/format";
import { dayLabel, shortDayLabel } from "./day-label";

export type ChartDay = { day: string; sales: number; salesGrossCents: number; grossCents: number; vatCents: number; netCents: number };

const compactEuros = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", notation: "compact", maximumFractionDigits: 1 });
// slate-600: axis text keeps AA contrast on white.
const axisText = { fontSize: 11, fill: "#475569" };

/** The chart's text alternative: the period's totals and its best day, in one sentence. */
export function chartSummary(days: ChartDay[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return "No days in this period.";
  const sum = (pick: (d: ChartDay) => number) => days.reduce((total, d) => total + pick(d), 0);
  const best = days.reduce((top, d) => (d.salesGrossCents > top.salesGrossCents ? d : top), first);
  const range = first.day === last.day ? dayLabel(first.day) : `${dayLabel(first.day)} to ${dayLabel(last.day)}`;
  const bestPart = best.salesGrossCents > 0 ? ` Best day: ${dayLabel(best.day)}, ${formatEuros(best.salesGrossCents)} of sales.` : "";
  return (
    `Per UTC day, ${range}: ${plural(sum((d) => d.sales), "order")}, ${formatEuros(sum((d) => d.salesGrossCents))} gross sales before refunds and chargebacks, ` +
    `${formatEuros(sum((d) => d.grossCents))} after them, of which ${formatEuros(sum((d) => d.netCents))} net and ${formatEuros(sum((d) => d.vatCents))} VAT.${bestPart}`
  );
}

/**
 * Per-day revenue: net and VAT after refunds and chargebacks, stacked (together the gross after them),
 * and the gross sales before them as a line with a dot on each day. Straight segments only: a curve
 * would invent values between two days. Refund-heavy days go below zero, as they do in the report.
 * The SVG is hidden from assistive tech; the caption (and the revenue page's table) carry the figures.
 */
export function RevenueChart({ days, height = 280, compact = false }: { days: ChartDay[]; height?: number; compact?: boolean }) {
  const data = days.map((d) => ({ day: d.day, net: d.netCents / 100, vat: d.vatCents / 100, sales: d.salesGrossCents / 100 }));
  return (
    <figure data-testid="revenue-chart" className="w-full">
      <div style={{ height }} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: compact ? 0 : 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="day" tickFormatter={shortDayLabel} tick={axisText} tickLine={false} axisLine={false} minTickGap={16} />
            {!compact && <YAxis tickFormatter={(v: number) => compactEuros.format(v)} tick={axisText} tickLine={false} axisLine={false} width={64} />}
            <Tooltip
              cursor={{ fill: "rgba(99,102,241,0.06)" }}
              formatter={(value, name) => [formatEuros(Math.round(Number(value) * 100)), String(name)]}
              labelFormatter={(label) => `${dayLabel(String(label))} (UTC)`}
              contentStyle={{ borderRadius: 8, borderColor: "#e2e8f0", fontSize: 12 }}
            />
            {!compact && <Legend wrapperStyle={{ fontSize: 12 }} />}
            <Bar dataKey="net" name="Net after refunds" stackId="after" fill="#6366f1" isAnimationActive={false} />
            <Bar dataKey="vat" name="VAT after refunds" stackId="after" fill="#fbbf24" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Line
              dataKey="sales"
              name="Gross sales before refunds"
              type="linear"
              stroke="#0f172a"
              strokeWidth={1.5}
              dot={{ r: 2.5, fill: "#0f172a" }}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className={compact ? "sr-only" : "mt-2 text-xs text-slate-600"} data-testid="revenue-chart-summary">
        {chartSummary(days)}
      </figcaption>
    </figure>
  );
}
