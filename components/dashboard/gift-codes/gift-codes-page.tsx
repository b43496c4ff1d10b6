"use client";

import { useState } from "react";
import { PageHeader } from "@/components/ui/primitives";
import type { IssuedBatch } from "@/server/codes/gift-code-batches";
import { BatchesTable } from "./batches-table";
import { GiftCodesTable } from "./gift-codes-table";
import { IssueBatchForm } from "./issue-batch-form";
import { NewCodes } from "./new-codes";

type Props = { gameId: string; env: "test" | "live"; canEdit: boolean };

export function GiftCodesPage({ gameId, env, canEdit }: Props) {
  const [issued, setIssued] = useState<IssuedBatch | null>(null);
  // "" all codes, "none" codes outside any batch, else a batch id; the batches card sets it too.
  const [batchFilter, setBatchFilter] = useState("");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Gift codes"
        description={`Codes give free coins (as bonus) and items, once per player, in the ${env} environment only.`}
      />
      {issued && <NewCodes gameId={gameId} env={env} issued={issued} onDismiss={() => setIssued(null)} />}
      {canEdit && <IssueBatchForm gameId={gameId} env={env} onIssued={setIssued} />}
      <BatchesTable gameId={gameId} env={env} onShowCodes={setBatchFilter} />
      <GiftCodesTable gameId={gameId} env={env} canEdit={canEdit} batchFilter={batchFilter} onBatchFilterChange={setBatchFilter} />
    </div>
  );
}
