"use client";

import { Button, TextInput } from "@/components/ui/primitives";

export type MetadataRow = { key: string; value: string };

export function metadataRows(metadata: Record<string, string>): MetadataRow[] {
  return Object.entries(metadata).map(([key, value]) => ({ key, value }));
}

/** Rows → the object the schema checks (a repeated key keeps its last value, as JSON would). */
export function metadataObject(rows: MetadataRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((row) => row.key !== "" || row.value !== "").map((row) => [row.key, row.value]));
}

/** Free key/value pairs the game reads (at most 20; keys are letters, digits, _, . or -). */
export function MetadataEditor({ rows, onChange }: { rows: MetadataRow[]; onChange: (rows: MetadataRow[]) => void }) {
  const set = (index: number, patch: Partial<MetadataRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="space-y-2">
      {rows.map((row, index) => (
        <div key={index} className="flex gap-2">
          <TextInput aria-label={`Metadata key ${index + 1}`} value={row.key} onChange={(e) => set(index, { key: e.target.value })} placeholder="rarity" className="font-mono" />
          <TextInput aria-label={`Metadata value ${index + 1}`} value={row.value} onChange={(e) => set(index, { value: e.target.value })} placeholder="epic" />
          <Button tone="ghost" aria-label="Remove entry" onClick={() => onChange(rows.filter((_, i) => i !== index))}>
            ✕
          </Button>
        </div>
      ))}
      <Button tone="secondary" onClick={() => onChange([...rows, { key: "", value: "" }])} disabled={rows.length >= 20}>
        Add metadata
      </Button>
    </div>
  );
}
