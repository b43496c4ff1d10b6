"use client";

import { CopyableId } from "@/components/ui/copyable-id";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/components/ui/format";
import { Card, Skeleton } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { useToast } from "@/components/ui/toast";
import type { PlayerDetail } from "@/server/players/get-player-detail";
import { AdjustForm } from "./adjust-form";
import { BalancesCard } from "./balances-card";
import { InventoryCard } from "./inventory-card";
import { LedgerCard } from "./ledger-card";
import { OrdersCard } from "./orders-card";
import { BlockedBadge, KindBadge } from "./player-badges";
import { PrivacyCard } from "./privacy-card";
import { EditProfileButton } from "./profile-dialog";

type Props = { gameId: string; env: "test" | "live"; playerId: string; canSupport: boolean };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function BlockButton({ gameId, env, player }: { gameId: string; env: "test" | "live"; player: PlayerDetail["player"] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const setBlocked = useMutation(trpc.players.setBlocked.mutationOptions());
  const block = !player.blocked;
  return (
    <ConfirmButton
      label={block ? "Block player" : "Unblock player"}
      title={block ? "Block this player?" : "Unblock this player?"}
      testId="block-player"
      confirmTestId="confirm-block"
      body={
        block
          ? "The player can no longer buy, spend or redeem; their balance is kept. Every purchase, spend, grant, checkout and token request for them is refused with PLAYER_BLOCKED until you unblock them. Their items are kept too."
          : "The player can buy, spend, redeem and receive again."
      }
      confirmLabel={block ? "Block player" : "Unblock player"}
      tone={block ? "danger" : "primary"}
      onConfirm={async () => {
        await setBlocked.mutateAsync({ gameId, env, playerId: player.id, blocked: block });
        toast({ title: block ? "Player blocked" : "Player unblocked", tone: "success" });
        await queryClient.invalidateQueries({ queryKey: trpc.players.pathKey() });
      }}
    />
  );
}

function Header({ gameId, env, detail, canSupport }: { gameId: string; env: "test" | "live"; detail: PlayerDetail; canSupport: boolean }) {
  const f = useFormat();
  const p = detail.player;
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900" data-testid="player-name">
              {p.displayName ?? (p.externalId ? `ext:${p.externalId}` : "Anonymous player")}
            </h1>
            <KindBadge kind={p.kind} />
            <BlockedBadge blocked={p.blocked} />
          </div>
          <dl className="mt-4 grid grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            <Fact label="Service id">
              <CopyableId value={p.id} what="player id" testId="player-id" />
            </Fact>
            <Fact label="External id">{p.externalId ? <CopyableId value={`ext:${p.externalId}`} what="external id" /> : "—"}</Fact>
            <Fact label="Country">
              <span data-testid="player-country">{p.country ?? "—"}</span>
            </Fact>
            <Fact label="E-mail">{p.linkedEmail ? `${p.linkedEmail} (verified)` : (p.email ?? "—")}</Fact>
            <Fact label="Created">{f.dateTime(p.createdAt)}</Fact>
            <Fact label="Environment">{env}</Fact>
          </dl>
        </div>
        {canSupport && (
          <div className="flex flex-wrap gap-2">
            <EditProfileButton gameId={gameId} env={env} player={p} />
            <BlockButton gameId={gameId} env={env} player={p} />
          </div>
        )}
      </div>
    </Card>
  );
}

/** One player: who they are, what they hold, how it moved, and support's actions. */
export function PlayerPage({ gameId, env, playerId, canSupport }: Props) {
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.players.get.queryOptions({ gameId, env, playerId }), retry: false });
  const game = useQuery(trpc.games.get.queryOptions({ gameId }));
  const back = (
    <Link href={`/games/${gameId}/${env}/players`} className="text-sm text-indigo-700 hover:underline">
      ← Players
    </Link>
  );
  if (detail.error) {
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Player</h1>
        <QueryError error={detail.error} title="This player could not be loaded" onRetry={() => void detail.refetch()} />
        <p className="text-sm text-slate-600">Players of the other environment are listed when you switch to it.</p>
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className="space-y-4">
        {back}
        <h1 className="sr-only">Player</h1>
        <Skeleton className="h-48" />
      </div>
    );
  }
  const data = detail.data;
  const currencies = data.balances.map((b) => b.currency);
  return (
    <div className="space-y-6">
      {back}
      <Header gameId={gameId} env={env} detail={data} canSupport={canSupport} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[3fr_2fr]">
        <BalancesCard balances={data.balances} />
        {canSupport && (
          <AdjustForm
            gameId={gameId}
            env={env}
            playerId={data.player.id}
            currencies={data.balances.filter((b) => b.inCatalog).map((b) => b.currency)}
            spendOrder={game.data?.settings.spendOrder ?? null}
          />
        )}
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <InventoryCard gameId={gameId} env={env} playerId={data.player.id} inventory={data.inventory} canSupport={canSupport} />
        <OrdersCard gameId={gameId} env={env} playerId={data.player.id} />
      </div>
      <LedgerCard gameId={gameId} env={env} playerId={data.player.id} currencies={currencies} />
      <PrivacyCard gameId={gameId} env={env} playerId={data.player.id} externalId={data.player.externalId} />
    </div>
  );
}
