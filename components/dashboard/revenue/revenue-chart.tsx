"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCents } from "@/components/dashboard/sales/format";

export type ChartDay = { day: string; grossCents: number; vatCents: number; netCents: number };

const compactEuros = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", notation: "compact", maximumFractionDigits: 1 });

/**
 * Per-day revenue: net and VAT stacked (together they are the gross, the bar's height) and the gross
 * as a line. Refund-heavy days go below zero, as they do in the report.
 */
export function RevenueChart({ days, height = 280, compact = false }: { days: ChartDay[]; height?: number; compact?: boolean }) {
  const data = days.map((d) => ({ day: d.day, net: d.netCents / 100, vat: d.vatCents / 100, gross: d.grossCents / 100, cents: d }));
  return (
    <div data-testid="revenue-chart" style={{ height }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: compact ? 0 : 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} minTickGap={16} />
          {!compact && <YAxis tickFormatter={(v: number) => compactEuros.format(v)} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} width={64} />}
          <Tooltip
            cursor={{ fill: "rgba(99,102,241,0.06)" }}
            formatter={(value, name) => [formatCents(Math.round(Number(value) * 100)), String(name)]}
            labelFormatter={(label) => `${String(label)} (UTC)`}
            contentStyle={{ borderRadius: 8, borderColor: "#e2e8f0", fontSize: 12 }}
          />
          {!compact && <Legend wrapperStyle={{ fontSize: 12 }} />}
          <Bar dataKey="net" name="Net" stackId="gross" fill="#6366f1" radius={[0, 0, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="vat" name="VAT" stackId="gross" fill="#fbbf24" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Line dataKey="gross" name="Gross" type="monotone" stroke="#0f172a" strokeWidth={1.5} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
