import type { ReactNode } from "react";

/** Like Field, for a group of controls (editors with buttons cannot sit inside one <label>). */
export function FieldGroup({ label, error, hint, children }: { label: string; error?: string[]; hint?: ReactNode; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <div className="mt-1">{children}</div>
      {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && error.length > 0 && (
        <p className="mt-1 text-xs text-rose-700" role="alert">
          {error.join(" ")}
        </p>
      )}
    </div>
  );
}
