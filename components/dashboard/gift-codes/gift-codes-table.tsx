"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { Badge, Button, Card, EmptyState, ErrorBanner, Table, TextInput } from "@/components/ui/primitives";
import type { GiftCodeView } from "@/server/codes/gift-code-view";

type Props = { gameId: string; env: "test" | "live"; canEdit: boolean };

/** Only a code that can still be redeemed offers Disable; an expired or used-up one is over anyway. */
function status(code: GiftCodeView): { label: string; tone: "green" | "red" | "gray" | "amber"; redeemable: boolean } {
  if (code.disabled) return { label: "disabled", tone: "red", redeemable: false };
  if (code.expiresAt && new Date(code.expiresAt) <= new Date()) return { label: "expired", tone: "gray", redeemable: false };
  if (code.useCount >= code.maxUses) return { label: "used up", tone: "amber", redeemable: false };
  return { label: "active", tone: "green", redeemable: true };
}

/** What a code gives, with items by their catalog name (an item no longer in the catalog by SKU). */
function rewards(code: GiftCodeView, itemNames: ReadonlyMap<string, string>): string {
  return [...code.grants.map((g) => `${g.amount} ${g.currency}`), ...code.items.map((i) => `${i.quantity}× ${itemNames.get(i.sku) ?? i.sku}`)].join(", ");
}

/** Downloads text as a file without a round trip through a URL the server would have to serve. */
function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

export function GiftCodesTable({ gameId, env, canEdit }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const list = useQuery(trpc.giftCodes.list.queryOptions({ gameId, env, limit: 25, search: search || undefined, cursor: pages.cursor }));
  const catalog = useQuery(trpc.giftCodes.catalog.queryOptions({ gameId, env }));
  const itemNames = new Map((catalog.data?.items ?? []).map((item) => [item.sku, item.name]));
  const disable = useMutation(trpc.giftCodes.disable.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.giftCodes.list.queryKey() }) }));

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      // Always fresh: an export must hold the codes as they are now, not a cached copy.
      const file = await queryClient.fetchQuery({ ...trpc.giftCodes.exportCsv.queryOptions({ gameId, env, search: search || undefined }), staleTime: 0 });
      download(file.filename, file.csv);
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      title="Codes"
      actions={
        <Button tone="secondary" onClick={exportCsv} disabled={exporting} data-testid="export-csv">
          {exporting ? "Exporting…" : "Export CSV"}
        </Button>
      }
    >
      <div className="space-y-4">
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(draft.trim());
            pages.reset();
          }}
        >
          <TextInput data-testid="gift-code-search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Search by code (any part, dashes optional)" className="max-w-sm" />
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
        <ErrorBanner message={errorMessageOf(list.error ?? disable.error ?? exportError)} />
        {list.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : list.data?.codes.length === 0 ? (
          <EmptyState title={search ? "No code matches this search" : "No gift codes yet"}>
            {search ? "Search ignores case, dashes and spaces." : "Create a batch above: every code gives the same coins and items."}
          </EmptyState>
        ) : (
          <Table head={["Code", "Uses", "Gives", "Expires", "Created", "Status", ""]}>
            {list.data?.codes.map((code) => {
              const s = status(code);
              return (
                <tr key={code.id} data-testid="gift-code-row">
                  <td className="px-3 py-2 font-mono text-xs text-slate-900">{code.code}</td>
                  <td className="px-3 py-2 tabular-nums" data-testid="gift-code-uses">
                    {code.useCount} / {code.maxUses}
                  </td>
                  <td className="px-3 py-2 text-slate-700">{rewards(code, itemNames)}</td>
                  <td className="px-3 py-2 text-slate-600">{code.expiresAt ? new Date(code.expiresAt).toLocaleString() : "Never"}</td>
                  <td className="px-3 py-2 text-slate-600">{new Date(code.createdAt).toLocaleDateString()}</td>
                  <td className="px-3 py-2" data-testid="gift-code-status">
                    <Badge tone={s.tone}>{s.label}</Badge>
                  </td>
                  <td className="px-3 py-2 text-right">
                    {canEdit && s.redeemable && (
                      <ConfirmButton
                        label="Disable"
                        title="Disable this code?"
                        body={
                          <>
                            <span className="font-mono">{code.code}</span> stops working at once, for good. Redemptions already made are kept.
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
