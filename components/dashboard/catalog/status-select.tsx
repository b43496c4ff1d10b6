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

const createVerbs: Record<CatalogStatus, string> = { draft: "as draft", active: "and activate", archived: "as archived" };

/** The create button says the status a new entry gets ("Create item as draft"): drafts are the default. */
export function createLabel(kind: "item" | "pack", status: CatalogStatus): string {
  return `Create ${kind} ${createVerbs[status]}`;
}

/** The status field's hint on a new entry: what the chosen status means, and that draft is the default. */
export function newStatusHint(kind: "item" | "pack", status: CatalogStatus): string {
  const meaning = catalogStatusOptions.find((option) => option.value === status)?.hint ?? "";
  return status === "draft" ? `New ${kind}s start as drafts. ${meaning}: choose Active to sell it now.` : `${meaning}.`;
}
