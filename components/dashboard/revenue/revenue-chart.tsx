"use client";

import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { money } from "@/components/dashboard/sales/glossary";
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
    `${formatEuros(sum((d) => d.grossCents))} net sales after them (VAT included), of which ${formatEuros(sum((d) => d.netCents))} without VAT and ${formatEuros(sum((d) => d.vatCents))} VAT.${bestPart}`
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
      {/* min-w-0 + overflow-hidden: while the viewport shrinks, the SVG redraws a frame later; it must not widen the page meanwhile. */}
      <div style={{ height }} className="min-w-0 overflow-hidden" aria-hidden="true">
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
            <Bar dataKey="net" name={money.netSalesExVat.term} stackId="after" fill="#6366f1" isAnimationActive={false} />
            <Bar dataKey="vat" name={money.vat.term} stackId="after" fill="#fbbf24" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Line
              dataKey="sales"
              name={money.grossSales.term}
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
      {!compact && <ChartLegend />}
      <figcaption className={compact ? "sr-only" : "mt-2 text-xs text-slate-600"} data-testid="revenue-chart-summary">
        {chartSummary(days)}
      </figcaption>
    </figure>
  );
}

const legend = [
  { name: money.netSalesExVat.term, swatch: "h-3 w-3 rounded-sm bg-indigo-500" },
  { name: money.vat.term, swatch: "h-3 w-3 rounded-sm bg-amber-400" },
  { name: money.grossSales.term, swatch: "h-0.5 w-4 bg-slate-900" },
];

/**
 * The series' names in the page's flow, wrapping on a phone. Recharts' own legend is absolutely
 * positioned at the SVG's last measured width, and stuck out of a phone viewport right after a resize.
 * Hidden from assistive tech like the SVG: the caption says the same in words.
 */
function ChartLegend() {
  return (
    <ul aria-hidden="true" data-testid="revenue-chart-legend" className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700">
      {legend.map((entry) => (
        <li key={entry.name} className="flex items-center gap-1.5">
          <span className={entry.swatch} />
          {entry.name}
        </li>
      ))}
    </ul>
  );
}
