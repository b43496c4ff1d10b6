"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { CatalogStatus } from "@/db/schema/catalog";
import { useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, EmptyState, PageHeader, Skeleton } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import type { CurrencyAdminView, ItemAdminView, PackAdminView } from "@/server/catalog/catalog-admin-views";
import { CatalogPreview } from "./catalog-preview";
import { CurrenciesTable, ItemsTable, PacksTable } from "./catalog-tables";
import { CurrencyForm } from "./currency-form";
import { ExportButton } from "./export-button";
import { ImportDialog } from "./import-dialog";
import { ItemForm } from "./item-form";
import { PackForm } from "./pack-form";
import { PublishDialog } from "./publish-dialog";
import { SidePanel } from "./side-panel";

/** canEdit: may change this environment's catalog (forms and import); canPublish: may change live. The server checks again. */
type Props = { gameId: string; env: "test" | "live"; canEdit: boolean; canPublish: boolean };
type Tab = "packs" | "items" | "currencies" | "preview";
type Editing =
  | { kind: "currency"; entry: CurrencyAdminView | null }
  | { kind: "item"; entry: ItemAdminView | null }
  | { kind: "pack"; entry: PackAdminView | null };

const tabs: { id: Tab; label: string }[] = [
  { id: "packs", label: "Packs" },
  { id: "items", label: "Items" },
  { id: "currencies", label: "Currencies" },
  { id: "preview", label: "Client preview" },
];
const filters: { value: CatalogStatus | null; label: string }[] = [
  { value: null, label: "All" },
  { value: "active", label: "Active" },
  { value: "draft", label: "Draft" },
  { value: "archived", label: "Archived" },
];

const emptyHelp: Record<Exclude<Tab, "preview">, { title: string; body: string }> = {
  currencies: { title: "No currencies yet", body: "Start with a currency: coins, gems or gold. Mark it purchasable to sell it in packs for euros." },
  items: { title: "No items yet", body: "Items are what players own: consumables (potions, boosts) and durables (skins, passes). Price them in a currency or grant them in packs." },
  packs: { title: "No packs yet", body: "Packs are sold for euros on the hosted payment page: they grant purchasable currency and items. Create one, then activate it." },
};

/** Catalog: this environment's currencies, items and packs, with a client preview; test's reaches live by publishing. */
export function CatalogPage({ gameId, env, canEdit, canPublish }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>("packs");
  const [status, setStatus] = useState<CatalogStatus | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useQuery(trpc.catalog.list.queryOptions({ gameId, env, status }));
  // The forms choose among every entry, whatever the table's filter.
  const everything = useQuery(trpc.catalog.list.queryOptions({ gameId, env, status: null }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
  // Status changes are confirmed in a dialog, which shows a refusal (e.g. a currency still in use) itself.
  const currencyStatus = useMutation(trpc.catalog.setCurrencyStatus.mutationOptions({ onSettled: refresh }));
  const itemStatus = useMutation(trpc.catalog.setItemStatus.mutationOptions({ onSettled: refresh }));
  const packStatus = useMutation(trpc.catalog.setPackStatus.mutationOptions({ onSettled: refresh }));
  const busy = currencyStatus.isPending || itemStatus.isPending || packStatus.isPending;

  const close = () => setEditing(null);
  const data = list.data;
  const all = everything.data ?? { currencies: [], items: [], packs: [] };
  const rows = data && tab !== "preview" ? data[tab] : [];
  const newLabel = { packs: "New pack", items: "New item", currencies: "New currency", preview: "" }[tab];
  const openNew = () => {
    if (tab === "packs") setEditing({ kind: "pack", entry: null });
    if (tab === "items") setEditing({ kind: "item", entry: null });
    if (tab === "currencies") setEditing({ kind: "currency", entry: null });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Catalog"
        description={
          env === "test"
            ? "The test catalog: edit freely, then publish to live when it is ready."
            : "The live catalog players buy from. Edits here apply at once; usually you publish from test instead."
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {canPublish && env === "test" && <PublishDialog gameId={gameId} />}
            <ExportButton gameId={gameId} env={env} />
            {canEdit && <ImportDialog gameId={gameId} env={env} canApply={canEdit} />}
            {canEdit && tab !== "preview" && (
              <Button tone="secondary" onClick={openNew} data-testid="catalog-new">
                {newLabel}
              </Button>
            )}
          </div>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200">
        <nav className="-mb-px flex flex-wrap gap-x-4" aria-label="Catalog sections">
          {tabs.map((t) => {
            const count = t.id !== "preview" ? data?.[t.id].length : undefined;
            return (
              <button
                key={t.id}
                type="button"
                onClick={() => setTab(t.id)}
                data-testid={`catalog-tab-${t.id}`}
                aria-current={tab === t.id ? "page" : undefined}
                className={`border-b-2 px-1 pb-2 text-sm font-medium ${tab === t.id ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
              >
                {t.label}
                {count !== undefined && <span className="ml-1.5 rounded-full bg-slate-100 px-1.5 text-xs text-slate-600">{count}</span>}
              </button>
            );
          })}
        </nav>
        {tab !== "preview" && (
          <div className="mb-2 flex gap-1" role="group" aria-label="Filter by status">
            {filters.map((f) => (
              <button
                key={f.label}
                type="button"
                onClick={() => setStatus(f.value)}
                aria-pressed={status === f.value}
                className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${status === f.value ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100"}`}
              >
                {f.label}
              </button>
            ))}
          </div>
        )}
      </div>

      {list.error && <QueryError error={list.error} onRetry={() => void list.refetch()} title="The catalog could not be loaded" />}

      {tab === "preview" ? (
        <CatalogPreview gameId={gameId} env={env} />
      ) : (
        <Card>
          {list.isPending ? (
            <Skeleton />
          ) : rows.length === 0 ? (
            status ? (
              <EmptyState title={`No ${status} ${tab}`}>Choose “All” to see every entry, or change an entry’s status from its row’s actions.</EmptyState>
            ) : (
              <EmptyState title={emptyHelp[tab].title}>
                {emptyHelp[tab].body}
                {!canEdit && " Ask a developer of your studio to add it."}
              </EmptyState>
            )
          ) : tab === "currencies" ? (
            <CurrenciesTable
              rows={data?.currencies ?? []}
              env={env}
              canEdit={canEdit}
              busy={busy}
              onEdit={(entry) => setEditing({ kind: "currency", entry })}
              onStatus={(code, next) => currencyStatus.mutateAsync({ gameId, env, code, status: next })}
            />
          ) : tab === "items" ? (
            <ItemsTable
              rows={data?.items ?? []}
              env={env}
              canEdit={canEdit}
              busy={busy}
              onEdit={(entry) => setEditing({ kind: "item", entry })}
              onStatus={(sku, next) => itemStatus.mutateAsync({ gameId, env, sku, status: next })}
            />
          ) : (
            <PacksTable
              rows={data?.packs ?? []}
              env={env}
              canEdit={canEdit}
              busy={busy}
              onEdit={(entry) => setEditing({ kind: "pack", entry })}
              onStatus={(sku, next) => packStatus.mutateAsync({ gameId, env, sku, status: next })}
            />
          )}
        </Card>
      )}

      {editing?.kind === "currency" && (
        <SidePanel title={editing.entry ? `Edit ${editing.entry.name}` : "New currency"} subtitle={editing.entry?.code} onClose={close}>
          <CurrencyForm gameId={gameId} env={env} editing={editing.entry} onDone={close} />
        </SidePanel>
      )}
      {editing?.kind === "item" && (
        <SidePanel title={editing.entry ? `Edit ${editing.entry.name}` : "New item"} subtitle={editing.entry?.sku} onClose={close}>
          <ItemForm gameId={gameId} env={env} editing={editing.entry} currencies={all.currencies} onDone={close} />
        </SidePanel>
      )}
      {editing?.kind === "pack" && (
        <SidePanel title={editing.entry ? `Edit ${editing.entry.name}` : "New pack"} subtitle={editing.entry?.sku} onClose={close}>
          <PackForm gameId={gameId} env={env} editing={editing.entry} currencies={all.currencies} items={all.items} onDone={close} />
        </SidePanel>
      )}
    </div>
  );
}
