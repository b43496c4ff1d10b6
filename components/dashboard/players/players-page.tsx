"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, EmptyState, ErrorBanner, PageHeader, Table, TextInput } from "@/components/ui/primitives";
import { formatDateTime } from "../catalog/format";
import { BlockedBadge, KindBadge } from "./player-badges";

type Props = { gameId: string; env: "test" | "live"; initialQuery: string };

const PAGE_SIZE = 25;

/** Search and browse the environment's players, newest first, one server page at a time. */
export function PlayersPage({ gameId, env, initialQuery }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const [draft, setDraft] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery);
  // Cursors of the pages before the current one, so "Previous" can go back without the server keeping state.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const page = useQuery(trpc.players.search.queryOptions({ gameId, env, query, limit: PAGE_SIZE, cursor }, { placeholderData: (previous) => previous }));
  const base = `/games/${gameId}/${env}/players`;

  const submit = (text: string) => {
    setQuery(text.trim());
    setCursors([undefined]);
    // The query lives in the URL too, so "Back" from a player returns to these results.
    router.replace(text.trim() ? `${base}?q=${encodeURIComponent(text.trim())}` : base);
  };

  const players = page.data?.players ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="Players" description={`Players of the ${env} environment. Test and live players never mix.`} />
      <form
        className="flex gap-2"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit(draft);
        }}
      >
        <TextInput
          type="search"
          name="q"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Service id, external id, e-mail or display name"
          aria-label="Search players"
          data-testid="player-search"
          className="max-w-xl"
        />
        <Button type="submit" data-testid="player-search-submit">
          Search
        </Button>
        {query && (
          <Button
            tone="ghost"
            onClick={() => {
              setDraft("");
              submit("");
            }}
          >
            Clear
          </Button>
        )}
      </form>
      <ErrorBanner message={errorMessageOf(page.error)} />
      <Card>
        {page.isPending ? (
          <p className="py-8 text-center text-sm text-slate-500">Loading…</p>
        ) : players.length === 0 ? (
          query ? (
            <EmptyState title={`No player matches “${query}”`}>
              Search by the full service id (24 characters), the start of your own player id, the exact e-mail address, or part of the display name.
            </EmptyState>
          ) : (
            <EmptyState title={`No players in ${env} yet`}>
              Players appear when your backend calls <code className="font-mono text-xs">PUT /api/v1/players/ext:&lt;your id&gt;</code> or grants them
              anything, or when a game client creates an anonymous player.
            </EmptyState>
          )
        ) : (
          <>
            <Table head={["Player", "Service id", "Kind", "Country", "Status", "Created"]}>
              {players.map((p) => (
                <tr key={p.id} data-testid="player-row" className="hover:bg-slate-50">
                  <td className="px-3 py-2.5">
                    <Link href={`${base}/${p.id}`} className="font-medium text-indigo-700 hover:underline">
                      {p.displayName ?? p.externalId ?? "Anonymous player"}
                    </Link>
                    {p.externalId && p.displayName && <p className="font-mono text-xs text-slate-500">ext:{p.externalId}</p>}
                    {(p.linkedEmail ?? p.email) && <p className="text-xs text-slate-500">{p.linkedEmail ?? p.email}</p>}
                  </td>
                  <td className="px-3 py-2.5 font-mono text-xs text-slate-600">{p.id}</td>
                  <td className="px-3 py-2.5">
                    <KindBadge kind={p.kind} />
                  </td>
                  <td className="px-3 py-2.5">{p.country ?? <span className="text-slate-400">—</span>}</td>
                  <td className="px-3 py-2.5">
                    <BlockedBadge blocked={p.blocked} />
                  </td>
                  <td className="px-3 py-2.5 text-slate-500">{formatDateTime(p.createdAt)}</td>
                </tr>
              ))}
            </Table>
            <div className="mt-4 flex items-center justify-between text-sm text-slate-500">
              <span>Page {cursors.length}</span>
              <div className="flex gap-2">
                <Button tone="secondary" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))} data-testid="players-previous">
                  Previous
                </Button>
                <Button
                  tone="secondary"
                  disabled={!page.data?.nextCursor || page.isFetching}
                  onClick={() => page.data?.nextCursor && setCursors([...cursors, page.data.nextCursor])}
                  data-testid="players-next"
                >
                  Next
                </Button>
              </div>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
