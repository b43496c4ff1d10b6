"use client";

import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { Badge, Card, EmptyState, ErrorBanner, PageHeader, Select, Table } from "@/components/ui/primitives";
import { AuditDiff, changeSummary } from "./audit-diff";

type Filters = { gameId: string; action: string; staffId: string };

export function AuditPage() {
  const trpc = useTRPC();
  const pages = useCursorPages();
  const [filters, setFilters] = useState<Filters>({ gameId: "", action: "", staffId: "" });
  // One entry's change is open at a time, in a full-width row under it (diffs need the width).
  const [open, setOpen] = useState<string | null>(null);
  const games = useQuery(trpc.games.list.queryOptions());
  const options = useQuery(trpc.audit.filters.queryOptions());
  const log = useQuery(
    trpc.audit.list.queryOptions({
      limit: 50,
      cursor: pages.cursor,
      gameId: filters.gameId || undefined,
      action: filters.action || undefined,
      staffId: filters.staffId || undefined,
    }),
  );
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => {
    setFilters({ ...filters, [key]: event.target.value });
    pages.reset();
  };
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader title="Audit log" description="Every change made in the dashboard: who, what, when, with the state before and after. Secrets are never recorded." />
      <Card
        title="Entries"
        actions={
          <>
            <Select aria-label="Game" value={filters.gameId} onChange={set("gameId")} className="max-w-48" data-testid="audit-filter-game">
              <option value="">All games</option>
              {games.data?.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </Select>
            <Select aria-label="Action" value={filters.action} onChange={set("action")} className="max-w-56" data-testid="audit-filter-action">
              <option value="">All actions</option>
              {options.data?.actions.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </Select>
            <Select aria-label="Person" value={filters.staffId} onChange={set("staffId")} className="max-w-56" data-testid="audit-filter-staff">
              <option value="">Everyone</option>
              {options.data?.staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.email}
                </option>
              ))}
            </Select>
          </>
        }
      >
        <div className="space-y-4">
          <ErrorBanner message={errorMessageOf(log.error)} />
          {log.isPending ? (
            <p className="text-sm text-slate-500">Loading…</p>
          ) : log.data?.entries.length === 0 ? (
            <EmptyState title={filtered ? "No entry matches these filters" : "Nothing recorded yet"}>Changes made in the dashboard appear here.</EmptyState>
          ) : (
            <Table head={["When", "Who", "Action", "Game", "Target", "Change"]}>
              {log.data?.entries.map((entry) => (
                <Fragment key={entry.id}>
                  <tr data-testid="audit-row" className="align-top">
                    <td className="whitespace-nowrap px-3 py-2 text-slate-600" title={entry.createdAt}>
                      {new Date(entry.createdAt).toLocaleString()}
                    </td>
                    <td className="px-3 py-2">
                      <p className="whitespace-nowrap text-slate-900">{entry.staffName ?? <span className="italic text-slate-500">removed member</span>}</p>
                      <p className="text-xs text-slate-500">{entry.staffEmail}</p>
                    </td>
                    <td className="px-3 py-2">
                      <span className="font-mono text-xs text-slate-900" data-testid="audit-action">
                        {entry.action}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      {entry.gameId ? (
                        <span className="flex items-center gap-1.5 whitespace-nowrap">
                          <span className="text-slate-800">{entry.gameName ?? entry.gameId}</span>
                          {entry.env && <Badge tone={entry.env === "live" ? "red" : "gray"}>{entry.env}</Badge>}
                        </span>
                      ) : (
                        <span className="text-slate-400">Studio</span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-xs">
                      {entry.targetType && <p className="text-slate-700">{entry.targetType}</p>}
                      {entry.targetId && <p className="font-mono text-slate-500">{entry.targetId}</p>}
                    </td>
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        data-testid="audit-expand"
                        aria-expanded={open === entry.id}
                        onClick={() => setOpen(open === entry.id ? null : entry.id)}
                        className="text-left text-xs text-indigo-700 hover:underline"
                      >
                        {open === entry.id ? "▾" : "▸"} {changeSummary(entry.before, entry.after)}
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
