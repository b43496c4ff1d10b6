"use client";

import type { CatalogStatus } from "@/db/schema/catalog";
import { Select } from "@/components/ui/primitives";

export const catalogStatusOptions: { value: CatalogStatus; label: string; hint: string }[] = [
  { value: "draft", label: "Draft", hint: "Not in the client catalog; cannot be sold yet" },
  { value: "active", label: "Active", hint: "In the client catalog" },
  { value: "archived", label: "Archived", hint: "Retired: out of the catalog, history kept" },
];

/** The status field of the catalog forms. */
export function StatusSelect({ value, onChange, disabled, testId }: { value: CatalogStatus; onChange: (status: CatalogStatus) => void; disabled?: boolean; testId?: string }) {
  return (
    <Select value={value} onChange={(e) => onChange(e.target.value as CatalogStatus)} disabled={disabled} data-testid={testId}>
      {catalogStatusOptions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

/** The quick status change in a table row: a compact select that saves at once. */
export function RowStatusSelect({ value, onChange, disabled, label }: { value: CatalogStatus; onChange: (status: CatalogStatus) => void; disabled?: boolean; label: string }) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as CatalogStatus)}
      className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs text-slate-700 hover:border-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-200"
    >
      {catalogStatusOptions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
