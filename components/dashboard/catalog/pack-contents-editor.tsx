"use client";

import type { FieldErrors } from "@/components/dashboard/trpc";
import { Button, Select, TextInput } from "@/components/ui/primitives";
import type { CurrencyAdminView, ItemAdminView } from "@/server/catalog/catalog-admin-views";

export type GrantRow = { currency: string; amount: string; bonus: string };
export type ItemRow = { sku: string; quantity: string };

const cell = "text-xs text-rose-700";

function RowErrors({ errors, prefix }: { errors: FieldErrors; prefix: string }) {
  const messages = Object.entries(errors)
    .filter(([key]) => key.startsWith(prefix))
    .flatMap(([key, list]) => list.map((m) => `${key.slice(prefix.length)}: ${m}`));
  if (messages.length === 0) return null;
  return (
    <p className={cell} role="alert">
      {messages.join(" · ")}
    </p>
  );
}

/** The coins a pack grants: `amount` goes to the paid bucket, `bonus` to the bonus bucket. */
export function GrantsEditor({ rows, onChange, currencies, errors }: { rows: GrantRow[]; onChange: (rows: GrantRow[]) => void; currencies: CurrencyAdminView[]; errors: FieldErrors }) {
  const set = (index: number, patch: Partial<GrantRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const usable = currencies.filter((c) => c.status === "active" && c.purchasable);
  return (
    <div className="space-y-2" data-testid="grants-editor">
      {rows.length > 0 && (
        <div className="grid grid-cols-[minmax(0,1fr)_7rem_7rem_2.5rem] gap-2 text-xs font-medium uppercase tracking-wide text-slate-500">
          <span>Currency</span>
          <span>Paid</span>
          <span>Bonus</span>
          <span />
        </div>
      )}
      {rows.map((row, index) => (
        <div key={index}>
          <div className="grid grid-cols-[minmax(0,1fr)_7rem_7rem_2.5rem] gap-2">
            <Select aria-label={`Grant ${index + 1} currency`} value={row.currency} onChange={(e) => set(index, { currency: e.target.value })}>
              {!usable.some((c) => c.code === row.currency) && <option value={row.currency}>{row.currency || "Choose…"}</option>}
              {usable.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} ({c.code})
                </option>
              ))}
            </Select>
            <TextInput aria-label={`Grant ${index + 1} amount`} inputMode="numeric" value={row.amount} onChange={(e) => set(index, { amount: e.target.value })} placeholder="500" />
            <TextInput aria-label={`Grant ${index + 1} bonus`} inputMode="numeric" value={row.bonus} onChange={(e) => set(index, { bonus: e.target.value })} placeholder="0" />
            <Button tone="ghost" aria-label={`Remove grant ${index + 1}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
              ✕
            </Button>
          </div>
          <RowErrors errors={errors} prefix={`grants.${index}.`} />
        </div>
      ))}
      {usable.length === 0 ? (
        <p className="text-xs text-slate-500">No active purchasable currency yet: mark one purchasable on the Currencies tab to sell it in packs.</p>
      ) : (
        <Button tone="secondary" onClick={() => onChange([...rows, { currency: usable[0]?.code ?? "", amount: "", bonus: "0" }])} disabled={rows.length >= 10}>
          Add currency
        </Button>
      )}
    </div>
  );
}

/** The items a pack adds to the buyer's inventory. */
export function PackItemsEditor({ rows, onChange, items, errors }: { rows: ItemRow[]; onChange: (rows: ItemRow[]) => void; items: ItemAdminView[]; errors: FieldErrors }) {
  const set = (index: number, patch: Partial<ItemRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="space-y-2" data-testid="pack-items-editor">
      {rows.length > 0 && (
        <div className="grid grid-cols-[minmax(0,1fr)_7rem_2.5rem] gap-2 text-xs font-medium uppercase tracking-wide text-slate-500">
          <span>Item</span>
          <span>Quantity</span>
          <span />
        </div>
      )}
      {rows.map((row, index) => (
        <div key={index}>
          <div className="grid grid-cols-[minmax(0,1fr)_7rem_2.5rem] gap-2">
            <Select aria-label={`Item ${index + 1}`} value={row.sku} onChange={(e) => set(index, { sku: e.target.value })}>
              {!items.some((i) => i.sku === row.sku) && <option value={row.sku}>{row.sku || "Choose…"}</option>}
              {items.map((i) => (
                <option key={i.sku} value={i.sku}>
                  {i.name} ({i.sku}){i.status !== "active" ? `: ${i.status}` : ""}
                </option>
              ))}
            </Select>
            <TextInput aria-label={`Item ${index + 1} quantity`} inputMode="numeric" value={row.quantity} onChange={(e) => set(index, { quantity: e.target.value })} />
            <Button tone="ghost" aria-label={`Remove item ${index + 1}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
              ✕
            </Button>
          </div>
          <RowErrors errors={errors} prefix={`items.${index}.`} />
        </div>
      ))}
      {items.length === 0 ? (
        <p className="text-xs text-slate-500">No items in the catalog yet: create them on the Items tab.</p>
      ) : (
        <Button tone="secondary" onClick={() => onChange([...rows, { sku: items[0]?.sku ?? "", quantity: "1" }])} disabled={rows.length >= 20}>
          Add item
        </Button>
      )}
    </div>
  );
}
