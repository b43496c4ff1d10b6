"use client";

import { CopyableId } from "@/components/ui/copyable-id";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { useFormat } from "@/components/ui/format";
import { Button, Card, EmptyState, Field, PageHeader, Select, Skeleton, Table, TextInput } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import type { PlayerListRow } from "@/server/players/search-players";
import { CsvButton, exportHref } from "./csv-button";
import { BlockedBadge, KindBadge } from "./player-badges";

export type BlockedFilter = "all" | "blocked" | "not_blocked";
type Props = { gameId: string; env: "test" | "live"; initialQuery: string; initialBlocked: BlockedFilter };

const PAGE_SIZE = 25;

function Balances({ balances }: { balances: PlayerListRow["balances"] }) {
  const f = useFormat();
  if (balances.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <ul className="space-y-0.5">
      {balances.map((b) => (
        <li key={b.currency} className="whitespace-nowrap tabular-nums">
          <span className={b.total < 0 ? "text-rose-700" : "text-slate-900"}>{f.number(b.total)}</span> <span className="font-mono text-xs text-slate-600">{b.currency}</span>
        </li>
      ))}
    </ul>
  );
}

/** Search and browse the environment's players, newest first, one server page at a time. */
export function PlayersPage({ gameId, env, initialQuery, initialBlocked }: Props) {
  const trpc = useTRPC();
  const f = useFormat();
  const router = useRouter();
  const [draft, setDraft] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery);
  const [blocked, setBlocked] = useState<BlockedFilter>(initialBlocked);
  const pages = useCursorPages();
  const page = useQuery({
    ...trpc.players.search.queryOptions({ gameId, env, query, blocked, limit: PAGE_SIZE, cursor: pages.cursor }),
    placeholderData: (previous) => previous,
    retry: false,
  });
  const base = `/games/${gameId}/${env}/players`;

  // The filters live in the URL too, so "Back" from a player returns to these results.
  const apply = (text: string, state: BlockedFilter) => {
    setQuery(text);
    setBlocked(state);
    pages.reset();
    const params = new URLSearchParams();
    if (text) params.set("q", text);
    if (state !== "all") params.set("blocked", state);
    router.replace(params.size ? `${base}?${params.toString()}` : base);
  };

  const players = page.data?.players ?? [];
  const filtered = query !== "" || blocked !== "all";
  return (
    <div className="space-y-6">
      <PageHeader
        title="Players"
        description={`Players of the ${env} environment. Test and live players never mix.`}
        actions={
          <CsvButton testId="players-export" href={exportHref("players", { gameId, env, query, blocked })} />
        }
      />
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft.trim(), blocked);
        }}
      >
        <Field label="Search players" hint="Display name or e-mail (any case), the service id, or the external id (exact or its start).">
          <TextInput type="search" name="q" value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="player-search" />
        </Field>
        <Field label="Blocked">
          <Select value={blocked} onChange={(e) => apply(query, e.target.value as BlockedFilter)} data-testid="player-blocked-filter">
            <option value="all">All players</option>
            <option value="blocked">Blocked only</option>
            <option value="not_blocked">Not blocked</option>
          </Select>
        </Field>
        <div className="flex gap-2 sm:pb-0.5">
          <Button type="submit" data-testid="player-search-submit">
            Search
          </Button>
          {filtered && (
            <Button
              tone="ghost"
              onClick={() => {
                setDraft("");
                apply("", "all");
              }}
            >
              Clear
            </Button>
          )}
        </div>
      </form>
      <Card>
        {page.error ? (
          <QueryError error={page.error} title="The players could not be loaded" onRetry={() => void page.refetch()} />
        ) : page.isPending ? (
          <Skeleton className="h-40" />
        ) : players.length === 0 ? (
          filtered ? (
            <EmptyState title={query ? `No player matches “${query}”` : "No player matches this filter"}>
              Search by part of the display name, the exact e-mail address, the full service id (24 characters) or the start of your own player id.
            </EmptyState>
          ) : (
            <EmptyState title={`No players in ${env} yet`}>
              Players appear when your backend calls <code className="font-mono text-xs">PUT /api/v1/players/ext:&lt;your id&gt;</code> or grants them
              anything, or when a game client creates an anonymous player.
            </EmptyState>
          )
        ) : (
          <div className={page.isPlaceholderData ? "space-y-3 opacity-60 transition-opacity" : "space-y-3"}>
            <p className="text-sm text-slate-600" data-testid="players-count">
              {f.plural(players.length, "player")} on this page
            </p>
            <Table head={["Player", "Balances", "Kind", "Country", "Status", "Created"]}>
              {players.map((p) => (
                <tr key={p.id} data-testid="player-row" className="align-top hover:bg-slate-50">
                  <td className="px-3 py-2.5">
                    <Link href={`${base}/${p.id}`} className="font-medium text-indigo-700 hover:underline" data-testid="player-link">
                      {p.displayName ?? (p.externalId ? `ext:${p.externalId}` : "Anonymous player")}
                    </Link>
                    {p.externalId && p.displayName && <p className="font-mono text-xs text-slate-600">ext:{p.externalId}</p>}
                    {(p.linkedEmail ?? p.email) && <p className="text-xs text-slate-600">{p.linkedEmail ?? p.email}</p>}
                    <p>
                      <CopyableId value={p.id} what="player id" />
                    </p>
                  </td>
                  <td className="px-3 py-2.5" data-testid="player-balances">
                    <Balances balances={p.balances} />
                  </td>
                  <td className="px-3 py-2.5">
                    <KindBadge kind={p.kind} />
                  </td>
                  <td className="px-3 py-2.5">{p.country ?? <span className="text-slate-600">—</span>}</td>
                  <td className="px-3 py-2.5">
                    <BlockedBadge blocked={p.blocked} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2.5 text-slate-600">{f.dateTime(p.createdAt)}</td>
                </tr>
              ))}
            </Table>
          </div>
        )}
        <div className="mt-4">
          <CursorPager pages={pages} nextCursor={page.data?.nextCursor} busy={page.isFetching} />
        </div>
      </Card>
    </div>
  );
}
