"use client";

import { CodeBlock } from "@/components/ui/code-block";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-error";
import { Badge, Button, Card, EmptyState } from "@/components/ui/primitives";
import type { CatalogView } from "@/server/catalog/get-catalog";

function PreviewCards({ catalog }: { catalog: CatalogView }) {
  const f = useFormat();
  if (catalog.currencies.length + catalog.items.length + catalog.packs.length === 0) {
    return <EmptyState title="The client catalog is empty">Activate a currency, an item or a pack: only active entries reach game clients.</EmptyState>;
  }
  return (
    <div className="space-y-6">
      {catalog.prelaunch && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Prelaunch: only founder packs sell until {catalog.launchAt ? f.dateTime(catalog.launchAt) : "launch"}.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {catalog.currencies.map((c) => (
          <span key={c.code} className="rounded-full border border-slate-200 px-3 py-1 text-sm">
            {c.name} <span className="font-mono text-xs text-slate-600">{c.code}</span> {c.purchasable && <Badge tone="blue">purchasable</Badge>}
          </span>
        ))}
      </div>
      {catalog.packs.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {catalog.packs.map((pack) => (
            <div key={pack.sku} data-testid="preview-pack" className="relative rounded-xl border border-slate-200 bg-gradient-to-b from-white to-slate-50 p-4 shadow-sm">
              {pack.badge && <span className="absolute right-3 top-3 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-amber-950">{pack.badge}</span>}
              <p className="font-semibold text-slate-900">{pack.name}</p>
              {pack.description && <p className="mt-1 text-xs text-slate-600">{pack.description}</p>}
              <ul className="mt-3 space-y-0.5 text-sm text-slate-700">
                {pack.grants.map((g) => (
                  <li key={g.currency}>
                    {f.number(g.amount + g.bonus)} {g.currency}
                    {g.bonus > 0 && <span className="text-xs text-emerald-700"> (incl. {f.number(g.bonus)} bonus)</span>}
                  </li>
                ))}
                {pack.items.map((i) => (
                  <li key={i.sku}>
                    {i.quantity} × {i.sku}
                  </li>
                ))}
              </ul>
              <div className="mt-4 flex items-end justify-between">
                <span className="text-lg font-bold text-slate-900">{pack.priceCents === 0 ? "Free" : f.euros(pack.priceCents)}</span>
                {pack.availability && (
                  <span className="text-xs text-slate-600">
                    {pack.availability.remaining !== null && `${f.number(pack.availability.remaining)} left`}
                    {pack.availability.endsAt && ` · until ${f.dateTime(pack.availability.endsAt)}`}
                  </span>
                )}
              </div>
            </div>
          ))}
        </div>
      )}
      {catalog.items.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {catalog.items.map((item) => (
            <div key={item.sku} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <p className="font-medium text-slate-900">{item.name}</p>
              <p className="text-xs text-slate-600">
                {item.type} · {item.price ? `${f.number(item.price.amount)} ${item.price.currency}` : "not sold for coins"}
              </p>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** What game clients receive from GET /catalog in this environment, as cards or as the raw JSON. */
export function CatalogPreview({ gameId, env }: { gameId: string; env: "test" | "live" }) {
  const trpc = useTRPC();
  const preview = useQuery(trpc.catalog.preview.queryOptions({ gameId, env }));
  const [mode, setMode] = useState<"cards" | "json">("cards");
  return (
    <Card
      title={`Client preview (${env})`}
      actions={
        <div className="flex rounded-md bg-slate-100 p-0.5">
          {(["cards", "json"] as const).map((m) => (
            <Button key={m} tone={mode === m ? "secondary" : "ghost"} onClick={() => setMode(m)} className="!py-1 text-xs" aria-pressed={mode === m}>
              {m === "cards" ? "Cards" : "JSON"}
            </Button>
          ))}
        </div>
      }
    >
      <p className="mb-4 text-sm text-slate-600">
        Exactly what game clients get from <code className="rounded bg-slate-100 px-1 font-mono text-xs">GET /api/v1/client/catalog</code> (and your
        backend from <code className="rounded bg-slate-100 px-1 font-mono text-xs">GET /api/v1/catalog</code>) right now: active entries only, stock
        remaining in {env}.
      </p>
      {preview.error && <QueryError error={preview.error} onRetry={() => void preview.refetch()} title="The preview could not be loaded" />}
      {preview.data &&
        (mode === "json" ? (
          <CodeBlock label="Client catalog (JSON)" testId="catalog-preview-json" wrap={false} className="max-h-[32rem] rounded-lg bg-slate-950 p-4 text-xs leading-relaxed text-slate-100">
            {JSON.stringify(preview.data, null, 2)}
          </CodeBlock>
        ) : (
          <PreviewCards catalog={preview.data} />
        ))}
    </Card>
  );
}
