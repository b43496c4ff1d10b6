"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Card, EmptyState, ErrorBanner, Table } from "@/components/ui/primitives";
import type { PlayerDetail } from "@/server/players/get-player-detail";
import { formatAmount, formatDateTime } from "../catalog/format";
import { AdjustForm } from "./adjust-form";
import { BalancesCard } from "./balances-card";
import { LedgerCard } from "./ledger-card";
import { OrdersCard } from "./orders-card";
import { BlockedBadge, KindBadge } from "./player-badges";

type Props = { gameId: string; env: "test" | "live"; playerId: string; canSupport: boolean };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function BlockButton({ gameId, env, player }: { gameId: string; env: "test" | "live"; player: PlayerDetail["player"] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setBlocked = useMutation(trpc.players.setBlocked.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.players.pathKey() }) }));
  const block = !player.blocked;
  return (
    <div className="flex flex-col items-end gap-2">
      <span data-testid="block-player">
        <ConfirmButton
          label={block ? "Block player" : "Unblock player"}
          title={block ? "Block this player?" : "Unblock this player?"}
          body={
            block
              ? "Every write for this player (grants, spends, purchases, checkouts, tokens) is refused with PLAYER_BLOCKED until you unblock them. Balances and items are kept."
              : "The player can buy, spend and receive again."
          }
          confirmLabel={block ? "Block" : "Unblock"}
          tone={block ? "danger" : "primary"}
          onConfirm={() => setBlocked.mutateAsync({ gameId, env, playerId: player.id, blocked: block }).then(() => undefined)}
        />
      </span>
      <ErrorBanner message={errorMessageOf(setBlocked.error)} />
    </div>
  );
}

function Header({ gameId, env, detail, canSupport }: { gameId: string; env: "test" | "live"; detail: PlayerDetail; canSupport: boolean }) {
  const p = detail.player;
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900" data-testid="player-name">
              {p.displayName ?? (p.externalId ? `ext:${p.externalId}` : "Anonymous player")}
            </h1>
            <KindBadge kind={p.kind} />
            <BlockedBadge blocked={p.blocked} />
          </div>
          <dl className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            <Fact label="Service id">
              <code className="font-mono text-xs" data-testid="player-id">
                {p.id}
              </code>
            </Fact>
            <Fact label="External id">{p.externalId ? <code className="font-mono text-xs">ext:{p.externalId}</code> : "—"}</Fact>
            <Fact label="Country">{p.country ?? "—"}</Fact>
            <Fact label="E-mail">{p.linkedEmail ? `${p.linkedEmail} (verified)` : (p.email ?? "—")}</Fact>
            <Fact label="Created">{formatDateTime(p.createdAt)}</Fact>
            <Fact label="Environment">{env}</Fact>
          </dl>
        </div>
        {canSupport && <BlockButton gameId={gameId} env={env} player={p} />}
      </div>
    </Card>
  );
}

function InventoryCard({ inventory }: { inventory: PlayerDetail["inventory"] }) {
  return (
    <Card title="Inventory">
      {inventory.length === 0 ? (
        <EmptyState title="No items">Items arrive with packs, purchases, grants from your backend and gift codes.</EmptyState>
      ) : (
        <Table head={["Item", "Quantity", "Updated"]}>
          {inventory.map((i) => (
            <tr key={i.sku} data-testid={`inventory-${i.sku}`}>
              <td className="px-3 py-2 font-mono text-xs">{i.sku}</td>
              <td className="px-3 py-2 tabular-nums">{formatAmount(i.quantity)}</td>
              <td className="px-3 py-2 text-slate-500">{formatDateTime(i.updatedAt)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}

/** One player: who they are, what they hold, how it moved, and support's actions. */
export function PlayerPage({ gameId, env, playerId, canSupport }: Props) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.players.get.queryOptions({ gameId, env, playerId }));
  const game = useQuery(trpc.games.get.queryOptions({ gameId }));
  const back = (
    <Link href={`/games/${gameId}/${env}/players`} className="text-sm text-slate-500 hover:text-slate-800">
      ← Players
    </Link>
  );
  if (detail.error) {
    return (
      <div className="space-y-4">
        {back}
        <EmptyState title="Player not found">{errorMessageOf(detail.error)} Players of the other environment are listed when you switch to it.</EmptyState>
      </div>
    );
  }
  if (!detail.data) return <div className="space-y-4">{back}<p className="text-sm text-slate-500">Loading…</p></div>;
  const data = detail.data;
  const currencies = data.balances.map((b) => b.currency);
  return (
    <div className="space-y-6">
      {back}
      <Header gameId={gameId} env={env} detail={data} canSupport={canSupport} />
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
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
      <LedgerCard gameId={gameId} env={env} playerId={data.player.id} currencies={currencies} />
      <div className="grid gap-6 xl:grid-cols-2">
        <InventoryCard inventory={data.inventory} />
        <OrdersCard gameId={gameId} env={env} playerId={data.player.id} />
      </div>
    </div>
  );
}
