"use client";

import { useState } from "react";
import { PageHeader } from "@/components/ui/primitives";
import type { GiftCodeView } from "@/server/codes/gift-code-view";
import { GiftCodesTable } from "./gift-codes-table";
import { IssueBatchForm } from "./issue-batch-form";
import { NewCodes } from "./new-codes";

type Props = { gameId: string; env: "test" | "live"; canEdit: boolean };

export function GiftCodesPage({ gameId, env, canEdit }: Props) {
  const [issued, setIssued] = useState<GiftCodeView[] | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Gift codes"
        description={`Codes give free coins (as bonus) and items, once per player, in the ${env} environment only.`}
      />
      {issued && <NewCodes codes={issued} onDismiss={() => setIssued(null)} />}
      {canEdit && <IssueBatchForm gameId={gameId} env={env} onIssued={setIssued} />}
      <GiftCodesTable gameId={gameId} env={env} canEdit={canEdit} />
    </div>
  );
}
