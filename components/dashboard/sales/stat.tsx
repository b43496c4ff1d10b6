import type { ReactNode } from "react";
import { formatNumber } from "@/components/ui/format";

/** One headline figure (Stripe-style tile). A bare number is written with separators ("1,234"). */
export function Stat({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm" data-testid={testId}>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{typeof value === "number" ? formatNumber(value) : value}</p>
      {hint && <p className="mt-0.5 text-xs text-slate-600">{hint}</p>}
    </div>
  );
}

/** A table header for a column of numbers: right-aligned like its figures. */
export function NumberHead({ children }: { children: ReactNode }) {
  return <span className="block text-right">{children}</span>;
}
