"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/ui/format";
import { Badge, EmptyState, PageHeader, Skeleton } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { useToast } from "@/components/ui/toast";
import { NewGameForm } from "./new-game-form";
import { RenameGameButton } from "./rename-game";

export function GamesHome({ canCreate, canManage }: { canCreate: boolean; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const f = useFormat();
  const { toast } = useToast();
  const [showArchived, setShowArchived] = useState(false);
  const games = useQuery(trpc.games.list.queryOptions({ includeArchived: showArchived }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.games.list.queryKey() });
  const archive = useMutation(trpc.games.archive.mutationOptions({ onSuccess: refresh }));
  const unarchive = useMutation(trpc.games.unarchive.mutationOptions({ onSuccess: refresh }));

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader title="Games" description="Each game has a test and a live environment, with their own keys and players." />
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 space-y-3">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" data-testid="show-archived" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} className="h-4 w-4 rounded border-slate-400" />
            Show archived games
          </label>
          {games.isError && <QueryError error={games.error} onRetry={() => void games.refetch()} title="The games could not be loaded" />}
          {games.isPending && <Skeleton className="h-20" />}
          {games.data?.length === 0 && (
            <EmptyState title="No games yet">{canCreate ? "Create your first game, then create its API keys." : "A developer or admin can create the first game."}</EmptyState>
          )}
          <ul className="space-y-3">
            {games.data?.map((game) => (
              <li
                key={game.id}
                data-testid="game-row"
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm"
              >
                <div className="min-w-0">
                  <Link href={`/games/${game.id}/test`} className="font-semibold text-slate-900 underline-offset-2 hover:text-indigo-700 hover:underline">
                    {game.name}
                  </Link>{" "}
                  {game.archivedAt && <Badge tone="amber">archived</Badge>}
                  <p className="break-all font-mono text-xs text-slate-600">{game.slug}</p>
                  {game.archivedAt && <p className="text-xs text-slate-600">Archived {f.dateTime(game.archivedAt)}</p>}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {canManage && <RenameGameButton gameId={game.id} name={game.name} />}
                  {canManage &&
                    (game.archivedAt ? (
                      <ConfirmButton
                        label="Unarchive"
                        tone="primary"
                        triggerTone="secondary"
                        title={`Unarchive ${game.name}?`}
                        body="The game returns to the games list and the game switcher for every member."
                        confirmLabel="Unarchive game"
                        testId="unarchive-game"
                        confirmTestId="confirm-unarchive-game"
                        onConfirm={async () => {
                          await unarchive.mutateAsync({ gameId: game.id });
                          toast({ title: `${game.name} is back in the list`, tone: "success" });
                        }}
                      />
                    ) : (
                      <ConfirmButton
                        label="Archive"
                        triggerTone="secondary"
                        title={`Archive ${game.name}?`}
                        body="The game leaves the games list and the game switcher for every member. Nothing is deleted: its API keys keep working until you revoke them, players keep their balances, and you can unarchive it under “Show archived games”."
                        confirmLabel="Archive game"
                        testId="archive-game"
                        confirmTestId="confirm-archive-game"
                        onConfirm={async () => {
                          await archive.mutateAsync({ gameId: game.id });
                          toast({ title: `${game.name} archived`, tone: "success" });
                        }}
                      />
                    ))}
                </div>
              </li>
            ))}
          </ul>
        </div>
        {canCreate && <NewGameForm />}
      </div>
    </div>
  );
}
