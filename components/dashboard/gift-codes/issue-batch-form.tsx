"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, ErrorBanner, Field, Select, TextInput } from "@/components/ui/primitives";
import { useFormat } from "@/components/ui/format";
import type { IssuedBatch } from "@/server/codes/gift-code-batches";

type Scope = { gameId: string; env: "test" | "live" };
type ItemLine = { sku: string; quantity: string };

const toInt = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** One batch: every code gives the same coins and items, with the same use limit and expiry. */
export function IssueBatchForm({ gameId, env, onIssued }: Scope & { onIssued: (issued: IssuedBatch) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const f = useFormat();
  const catalog = useQuery(trpc.giftCodes.catalog.queryOptions({ gameId, env }));
  const [label, setLabel] = useState("");
  const [count, setCount] = useState("10");
  const [maxUses, setMaxUses] = useState("1");
  const [expiresAt, setExpiresAt] = useState("");
  const [prefix, setPrefix] = useState("");
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [items, setItems] = useState<ItemLine[]>([]);
  const issue = useMutation(
    trpc.giftCodes.issue.mutationOptions({
      onSuccess: (issued) => {
        onIssued(issued);
        setLabel("");
        void queryClient.invalidateQueries({ queryKey: trpc.giftCodes.pathKey() });
      },
    }),
  );
  // Grants are sent for the currencies with an amount, in catalog order; errors come back by index.
  const grantCurrencies = (catalog.data?.currencies ?? []).map((c) => c.code).filter((code) => (amounts[code] ?? "").trim() !== "");
  const errors = fieldErrorsOf(issue.error);
  const grantError = (code: string) => {
    const i = grantCurrencies.indexOf(code);
    return i < 0 ? undefined : [...(errors[`grants.${i}.amount`] ?? []), ...(errors[`grants.${i}.currency`] ?? [])];
  };
  const lineError = (i: number) => [...(errors[`items.${i}.sku`] ?? []), ...(errors[`items.${i}.quantity`] ?? [])];
  const knownKeys = /^(label|count|maxUses|expiresAt|prefix|grants|items)(\.|$)/;
  const otherErrors = Object.entries(errors).filter(([k]) => !knownKeys.test(k)).flatMap(([, v]) => v);

  return (
    <Card title="Create a batch">
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          issue.mutate({
            gameId,
            env,
            label,
            count: toInt(count),
            maxUses: toInt(maxUses),
            // Read as the studio's wall clock, the zone the label names (not the browser's).
            expiresAt: expiresAt ? (f.fromInput(expiresAt) ?? expiresAt) : null,
            ...(prefix.trim() ? { prefix: prefix.trim().toUpperCase() } : {}),
            grants: grantCurrencies.map((currency) => ({ currency, amount: toInt(amounts[currency] ?? "") })),
            items: items.filter((line) => line.sku).map((line) => ({ sku: line.sku, quantity: toInt(line.quantity) })),
          });
        }}
      >
        <ErrorBanner message={issue.error && Object.keys(errors).length === 0 ? errorMessageOf(issue.error) : otherErrors.join(" ") || null} />
        <Field label="Label" error={errors.label} hint="What the batch is for, e.g. “Newsletter March”; 1 to 100 characters.">
          <TextInput data-testid="gift-code-label" required maxLength={100} value={label} onChange={(e) => setLabel(e.target.value)} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-4">
          <Field label="Number of codes" error={errors.count} hint="1 to 1,000 per batch.">
            <TextInput data-testid="gift-code-count" type="number" min={1} max={1000} required value={count} onChange={(e) => setCount(e.target.value)} />
          </Field>
          <Field label="Uses per code" error={errors.maxUses} hint="Each player once.">
            <TextInput data-testid="gift-code-max-uses" type="number" min={1} required value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
          </Field>
          <Field label={`Expires (${f.timeZone})`} error={errors.expiresAt} hint="Empty: never.">
            <TextInput data-testid="gift-code-expires" type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
          </Field>
          <Field label="Prefix (optional)" error={errors.prefix} hint="A-Z, 0-9, up to 8.">
            <TextInput value={prefix} maxLength={8} onChange={(e) => setPrefix(e.target.value)} placeholder="SUMMER" className="uppercase" />
          </Field>
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Coins per currency (credited as bonus)</legend>
          {errors.grants && <p className="mt-1 text-xs text-rose-700" role="alert">{errors.grants.join(" ")}</p>}
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {catalog.data?.currencies.map((c) => (
              <Field key={c.code} label={`${c.name} (${c.code})`} error={grantError(c.code)?.length ? grantError(c.code) : undefined}>
                <TextInput
                  data-testid={`gift-code-grant-${c.code}`}
                  type="number"
                  min={1}
                  value={amounts[c.code] ?? ""}
                  onChange={(e) => setAmounts({ ...amounts, [c.code]: e.target.value })}
                  placeholder="0"
                />
              </Field>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Items</legend>
          {errors.items && <p className="mt-1 text-xs text-rose-700" role="alert">{errors.items.join(" ")}</p>}
          <div className="mt-2 space-y-2">
            {items.map((line, i) => (
              <div key={i} className="flex flex-wrap items-end gap-2">
                <div className="w-full max-w-xs">
                  <Field label={`Item ${i + 1}`}>
                    <Select value={line.sku} onChange={(e) => setItems(items.map((l, j) => (j === i ? { ...l, sku: e.target.value } : l)))}>
                      <option value="">Choose an item…</option>
                      {catalog.data?.items.map((item) => (
                        <option key={item.sku} value={item.sku}>
                          {item.name} ({item.sku})
                        </option>
                      ))}
                    </Select>
                  </Field>
                </div>
                <div className="w-24">
                  <Field label="Quantity">
                    <TextInput
                      type="number"
                      min={1}
                      value={line.quantity}
                      onChange={(e) => setItems(items.map((l, j) => (j === i ? { ...l, quantity: e.target.value } : l)))}
                    />
                  </Field>
                </div>
                <Button tone="ghost" onClick={() => setItems(items.filter((_, j) => j !== i))}>
                  Remove
                </Button>
                {lineError(i).length > 0 && <p className="basis-full text-xs text-rose-700" role="alert">{lineError(i).join(" ")}</p>}
              </div>
            ))}
            <Button tone="secondary" onClick={() => setItems([...items, { sku: "", quantity: "1" }])} disabled={!catalog.data?.items.length}>
              Add an item
            </Button>
          </div>
        </fieldset>

        <div className="flex items-center gap-3 border-t border-slate-100 pt-4">
          <Button type="submit" data-testid="create-gift-codes" disabled={issue.isPending}>
            {issue.isPending ? "Creating…" : "Create codes"}
          </Button>
          <p className="text-xs text-slate-600">Codes are shown in full right after creation, in the list below and in the CSV export.</p>
        </div>
      </form>
    </Card>
  );
}
