"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCsvExport } from "@/components/dashboard/sales/use-csv-export";
import { useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { Instant, useFormat } from "@/components/ui/format";
import { Badge, Button, Card, EmptyState, Field, Select, Skeleton, Table, TextInput } from "@/components/ui/primitives";
import { describeQueryError, QueryError } from "@/components/ui/query-error";
import { useToast } from "@/components/ui/toast";
import { giftCodeOver, type GiftCodeView } from "@/server/codes/gift-code-view";

type Props = { gameId: string; env: "test" | "live"; canEdit: boolean; batchFilter: string; onBatchFilterChange: (value: string) => void };

/** Only a code that can still be redeemed offers Disable; an expired or used-up one is over anyway (the server refuses too). */
function status(code: GiftCodeView, now: Date): { label: string; tone: "green" | "red" | "gray" | "amber"; redeemable: boolean } {
  if (code.disabled) return { label: "disabled", tone: "red", redeemable: false };
  const over = giftCodeOver(code, now);
  if (over === "expired") return { label: "expired", tone: "gray", redeemable: false };
  if (over === "used_up") return { label: "used up", tone: "amber", redeemable: false };
  return { label: "active", tone: "green", redeemable: true };
}

/** What a code gives, with items by their catalog name (an item no longer in the catalog by SKU). */
function rewards(code: GiftCodeView, itemNames: ReadonlyMap<string, string>, number: (n: number) => string): string {
  return [...code.grants.map((g) => `${number(g.amount)} ${g.currency}`), ...code.items.map((i) => `${number(i.quantity)}× ${itemNames.get(i.sku) ?? i.sku}`)].join(", ");
}

export function GiftCodesTable({ gameId, env, canEdit, batchFilter, onBatchFilterChange }: Props) {
  const trpc = useTRPC();
  const f = useFormat();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [shownFilter, setShownFilter] = useState(batchFilter);
  // A batch chosen from the batches card starts again at page 1.
  if (shownFilter !== batchFilter) {
    setShownFilter(batchFilter);
    pages.reset();
  }
  const filter = { search: search || undefined, batchId: batchFilter || undefined };
  const list = useQuery(trpc.giftCodes.list.queryOptions({ gameId, env, limit: 25, cursor: pages.cursor, ...filter }));
  const batches = useQuery(trpc.giftCodes.batches.queryOptions({ gameId, env }));
  const catalog = useQuery(trpc.giftCodes.catalog.queryOptions({ gameId, env }));
  const itemNames = new Map((catalog.data?.items ?? []).map((item) => [item.sku, item.name]));
  const labels = new Map((batches.data ?? []).map((b) => [b.id, b.label]));
  const disable = useMutation(
    trpc.giftCodes.disable.mutationOptions({
      onSuccess: (code) => {
        toast({ title: `${code.code} disabled`, description: "Players can no longer redeem it.", tone: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.giftCodes.pathKey() });
      },
    }),
  );
  const csv = useCsvExport();
  const now = new Date();

  return (
    <Card title="Codes">
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-full sm:w-56">
            <Field label="Batch">
              <Select data-testid="gift-code-batch-filter" value={batchFilter} onChange={(e) => onBatchFilterChange(e.target.value)}>
                <option value="">All codes</option>
                <option value="none">No batch (fixture or API)</option>
                {batches.data?.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.label}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <form
            className="flex w-full flex-wrap items-end gap-2 sm:w-auto"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              setSearch(draft.trim());
              pages.reset();
            }}
          >
            <div className="min-w-0 flex-1 sm:w-72">
              <Field label="Search by code">
                <TextInput data-testid="gift-code-search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Any part, dashes optional" />
              </Field>
            </div>
            <Button type="submit" tone="secondary">
              Search
            </Button>
            {search && (
              <Button
                tone="ghost"
                onClick={() => {
                  setDraft("");
                  setSearch("");
                  pages.reset();
                }}
              >
                Clear
              </Button>
            )}
          </form>
          <Button
            tone="secondary"
            className="sm:ml-auto"
            disabled={csv.busy !== null}
            data-testid="export-csv"
            onClick={() => csv.run("all", () => queryClient.fetchQuery({ ...trpc.giftCodes.exportCsv.queryOptions({ gameId, env, ...filter }), staleTime: 0 }))}
          >
            {csv.busy ? "Exporting…" : "Export these codes (CSV)"}
          </Button>
        </div>
        {csv.error !== null && (
          <p role="alert" className="text-sm text-rose-700">
            The export failed: {describeQueryError(csv.error)}
          </p>
        )}
        {list.error ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} title="The codes could not be loaded" />
        ) : list.isPending ? (
          <Skeleton />
        ) : list.data.codes.length === 0 ? (
          <EmptyState title={search || batchFilter ? "No code matches these filters" : "No gift codes yet"}>
            {search ? "Search ignores case, dashes and spaces." : "Create a batch above: every code gives the same coins and items."}
          </EmptyState>
        ) : (
          <Table head={["Code", "Batch", "Uses", "Gives", "Expires", "Created", "Status", ""]}>
            {list.data.codes.map((code) => {
              const s = status(code, now);
              return (
                <tr key={code.id} data-testid="gift-code-row">
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs text-slate-900">{code.code}</td>
                  <td className="px-3 py-2 text-slate-700">{code.batchId ? (labels.get(code.batchId) ?? "…") : <span className="text-slate-600">No batch</span>}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums" data-testid="gift-code-uses">
                    {f.number(code.useCount)} / {f.number(code.maxUses)}
                  </td>
                  <td className="px-3 py-2 text-slate-700">{rewards(code, itemNames, f.number)}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-700">{code.expiresAt ? <Instant value={code.expiresAt} /> : "Never"}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                    <Instant value={code.createdAt} />
                  </td>
                  <td className="px-3 py-2" data-testid="gift-code-status">
                    <Badge tone={s.tone}>{s.label}</Badge>
                  </td>
                  <td className="px-3 py-2 text-right">
                    {canEdit && s.redeemable && (
                      <ConfirmButton
                        label="Disable"
                        title={`Disable ${code.code}?`}
                        body={
                          <>
                            Players can no longer redeem <span className="font-mono">{code.code}</span>; redemptions already made stay. This cannot be undone.
                          </>
                        }
                        confirmLabel="Disable code"
                        testId="disable-gift-code"
                        confirmTestId="confirm-disable-gift-code"
                        onConfirm={() => disable.mutateAsync({ gameId, env, codeId: code.id }).then(() => undefined)}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
        <CursorPager pages={pages} nextCursor={list.data?.nextCursor} busy={list.isFetching} />
      </div>
    </Card>
  );
}
