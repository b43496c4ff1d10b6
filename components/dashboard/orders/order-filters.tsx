"use client";

import { useState } from "react";
import { orderStatusOptions } from "@/components/dashboard/sales/format";
import { useFormat } from "@/components/ui/format";
import { Button, Field, Select, TextInput } from "@/components/ui/primitives";
import type { OrderStatus } from "@/db/schema";

export type OrderFilterValues = { orderId?: string; status?: OrderStatus; packSku?: string; from?: string; to?: string; creatorCode?: string; playerId?: string };

/** A text filter applied on Enter or when leaving the field, not on every keystroke (a half-typed code is not an error). */
function CommitInput({ value, onCommit, placeholder, testId }: { value: string; onCommit: (text: string) => void; placeholder: string; testId: string }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // Follows outside changes (Clear filters) without an effect: React's "adjust state while rendering".
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <TextInput
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
      }}
      placeholder={placeholder}
      data-testid={testId}
    />
  );
}

export function OrderFilters({
  value,
  onChange,
  packs,
  errors,
}: {
  value: OrderFilterValues;
  onChange: (next: OrderFilterValues) => void;
  packs: { sku: string; name: string }[];
  errors: Record<string, string[]>;
}) {
  // An emptied field means "no filter": it is dropped rather than sent as "".
  const set = (key: keyof OrderFilterValues, raw: string) => onChange({ ...value, [key]: raw.trim() === "" ? undefined : raw });
  const active = Object.values(value).some((v) => v !== undefined);
  // The days are read in the studio's zone on the server too, so the label names that zone.
  const { timeZone } = useFormat();
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6" data-testid="order-filters">
      <div className="sm:col-span-2 lg:col-span-6">
        <Field label="Order reference" error={errors.orderId} hint="The order id on the buyer's receipt, or the payment provider's reference (pi_…). Exact; press Enter.">
          <CommitInput value={value.orderId ?? ""} onCommit={(text) => set("orderId", text.trim())} placeholder="" testId="filter-order-id" />
        </Field>
      </div>
      <Field label="Status" error={errors.status}>
        <Select value={value.status ?? ""} onChange={(e) => set("status", e.target.value)} data-testid="filter-status">
          <option value="">All statuses</option>
          {orderStatusOptions.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Pack" error={errors.packSku}>
        <Select value={value.packSku ?? ""} onChange={(e) => set("packSku", e.target.value)} data-testid="filter-pack">
          <option value="">All packs</option>
          {packs.map((p) => (
            <option key={p.sku} value={p.sku}>
              {p.name} ({p.sku})
            </option>
          ))}
        </Select>
      </Field>
      <Field label={`Created from (${timeZone})`} error={errors.from}>
        <TextInput type="date" value={value.from ?? ""} onChange={(e) => set("from", e.target.value)} data-testid="filter-from" />
      </Field>
      <Field label={`Created to (${timeZone})`} error={errors.to}>
        <TextInput type="date" value={value.to ?? ""} onChange={(e) => set("to", e.target.value)} data-testid="filter-to" />
      </Field>
      <Field label="Creator code" error={errors.creatorCode}>
        <CommitInput value={value.creatorCode ?? ""} onCommit={(text) => set("creatorCode", text)} placeholder="NINJA" testId="filter-creator-code" />
      </Field>
      <div className="flex items-end">
        <Button tone="ghost" onClick={() => onChange({})} disabled={!active}>
          Clear filters
        </Button>
      </div>
      {value.playerId && (
        <p className="text-xs text-slate-600 sm:col-span-2 lg:col-span-6">
          Only orders of player <code className="font-mono">{value.playerId}</code>.{" "}
          <button type="button" className="text-indigo-700 underline" onClick={() => onChange({ ...value, playerId: undefined })}>
            Show all players
          </button>
          {errors.playerId && <span className="ml-2 text-rose-700">{errors.playerId.join(" ")}</span>}
        </p>
      )}
    </div>
  );
}
