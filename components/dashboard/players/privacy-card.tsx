"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { downloadJson } from "@/components/ui/download";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Button, Card } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";
import { hasRole } from "@/server/auth/roles";

type Props = { gameId: string; env: "test" | "live"; playerId: string; externalId: string | null };

export const ERASE_CONSEQUENCE =
  "Name, e-mail, birth year and external id are removed for good; balances and items are zeroed; orders stay for tax records. This cannot be undone.";

function ExportButton({ gameId, env, playerId }: Omit<Props, "externalId">) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      // staleTime 0: a download is always the data as it is now.
      const file = await queryClient.fetchQuery({ ...trpc.privacy.exportPlayer.queryOptions({ gameId, env, playerId }), staleTime: 0 });
      downloadJson(file.filename, file.data);
    } catch (error) {
      toast({ title: "The export failed", description: errorMessageOf(error) ?? "Try again.", tone: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button tone="secondary" onClick={() => void download()} disabled={busy} data-testid="export-player-data">
      {busy ? "Exporting…" : "Export data"}
    </Button>
  );
}

function EraseButton({ gameId, env, playerId }: Omit<Props, "externalId">) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const erase = useMutation(trpc.privacy.erasePlayer.mutationOptions());
  return (
    <ConfirmButton
      label="Erase player"
      title="Erase this player's personal data?"
      testId="erase-player"
      confirmTestId="confirm-erase"
      body={ERASE_CONSEQUENCE}
      confirmLabel="Erase for good"
      tone="danger"
      onConfirm={async () => {
        await erase.mutateAsync({ gameId, env, playerId });
        toast({ title: "Player erased", description: "The player is blocked and holds nothing; their orders are kept.", tone: "success" });
        await queryClient.invalidateQueries({ queryKey: trpc.players.pathKey() });
      }}
    />
  );
}

/**
 * GDPR requests for one player: a JSON export of everything stored about them, and erasure. Admins and
 * owners only (the export shows e-mail addresses; erasure cannot be undone); others do not see the card.
 */
export function PrivacyCard({ gameId, env, playerId, externalId }: Props) {
  const trpc = useTRPC();
  const me = useQuery(trpc.members.me.queryOptions());
  if (!me.data || !hasRole(me.data.role, "admin")) return null;
  const erased = externalId === `erased:${playerId}`;
  return (
    <Card title="Personal data">
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          {erased
            ? "This player's personal data was erased. The export shows what is left: the ledger, orders and redemptions."
            : "Answer a player's request for their data with the JSON export, or erase their personal data."}{" "}
          <span className="text-slate-600">Orders keep their country and VAT amounts in both cases (tax records).</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <ExportButton gameId={gameId} env={env} playerId={playerId} />
          {!erased && <EraseButton gameId={gameId} env={env} playerId={playerId} />}
        </div>
      </div>
    </Card>
  );
}
