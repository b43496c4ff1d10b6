"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Fragment, useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { Instant, useFormat } from "@/components/ui/format";
import { Badge, Card, EmptyState, PageHeader, Skeleton, Table } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { AuditDiff, changeSummary } from "./audit-diff";
import { AuditExportButton } from "./audit-export";
import { AuditTargetCell } from "./audit-target";
import { AuditFilterBar, noFilters, type AuditFilters } from "./audit-filters";

export function AuditPage() {
  const trpc = useTRPC();
  const f = useFormat();
  const pages = useCursorPages();
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  // One entry's change is open at a time, in a full-width row under it (diffs need the width).
  const [open, setOpen] = useState<string | null>(null);
  // A reversed range would be refused by the server; until the person fixes it the list keeps the start day only.
  const reversed = Boolean(filters.from && filters.to && filters.from > filters.to);
  const log = useQuery(
    trpc.audit.list.queryOptions({
      limit: 50,
      cursor: pages.cursor,
      gameId: filters.gameId || undefined,
      action: filters.action || undefined,
      staffId: filters.staffId || undefined,
      from: filters.from || undefined,
      to: (!reversed && filters.to) || undefined,
    }),
  );
  const filtered = Object.values(filters).some(Boolean);
  const today = f.toInput(new Date()).slice(0, 10);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader
        title="Audit log"
        description={`Every change made in the dashboard: who, what, when, with the state before and after. Secrets are never recorded. Times are in ${f.timeZone}.`}
        actions={<AuditExportButton filters={filters} today={today} />}
      />
      <Card title="Entries">
        <div className="space-y-4">
          <AuditFilterBar
            filters={filters}
            timeZone={f.timeZone}
            onChange={(next) => {
              setFilters(next);
              pages.reset();
            }}
          />
          {reversed && (
            <p role="alert" className="text-sm text-rose-800">
              The end day is before the start day.
            </p>
          )}
          {log.isError ? (
            <QueryError error={log.error} onRetry={() => void log.refetch()} title="The audit log could not be loaded" />
          ) : log.isPending ? (
            <Skeleton className="h-40" />
          ) : log.data.entries.length === 0 ? (
            <EmptyState title={filtered ? "No entry matches these filters" : "Nothing recorded yet"}>Changes made in the dashboard appear here.</EmptyState>
          ) : (
            <Table head={["When", "Who", "Action", "Game", "Target", "Change"]}>
              {log.data.entries.map((entry) => (
                <Fragment key={entry.id}>
                  <tr data-testid="audit-row" className="align-top">
                    <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                      <Instant value={entry.createdAt} />
                    </td>
                    <td className="px-3 py-2">
                      {entry.staffId === null ? (
                        <p className="whitespace-nowrap italic text-slate-700">No member (system)</p>
                      ) : (
                        <p className="whitespace-nowrap text-slate-900">{entry.staffName ?? <span className="italic text-slate-700">removed member</span>}</p>
                      )}
                      <p className="text-xs text-slate-600">{entry.staffEmail}</p>
                    </td>
                    <td className="px-3 py-2">
                      <span className="font-mono text-xs text-slate-900" data-testid="audit-action">
                        {entry.action}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      {entry.gameId ? (
                        <span className="flex items-center gap-1.5 whitespace-nowrap">
                          {entry.gameName !== null ? (
                            <Link href={`/games/${entry.gameId}/${entry.env === "live" ? "live" : "test"}`} className="text-indigo-700 hover:underline" data-testid="audit-game-link">
                              {entry.gameName}
                            </Link>
                          ) : (
                            <span className="font-mono text-xs text-slate-600">{entry.gameId}</span>
                          )}
                          {entry.env && <Badge tone={entry.env === "live" ? "red" : "amber"}>{entry.env}</Badge>}
                        </span>
                      ) : (
                        <span className="text-slate-600">Studio</span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-xs">
                      <AuditTargetCell entry={entry} />
                    </td>
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        data-testid="audit-expand"
                        aria-expanded={open === entry.id}
                        onClick={() => setOpen(open === entry.id ? null : entry.id)}
                        className="rounded text-left text-xs text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                      >
                        <span aria-hidden="true">{open === entry.id ? "▾" : "▸"}</span> {changeSummary(entry.before, entry.after)}
                      </button>
                    </td>
                  </tr>
                  {open === entry.id && (
                    <tr>
                      <td colSpan={6} className="bg-slate-50 px-3 py-3">
                        <AuditDiff before={entry.before} after={entry.after} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </Table>
          )}
          <CursorPager pages={pages} nextCursor={log.data?.nextCursor} busy={log.isFetching} />
        </div>
      </Card>
    </div>
  );
}
