"use client";

import { useQuery } from "@tanstack/react-query";
import type { Period } from "@/components/dashboard/sales/period-picker";
import { useTRPC } from "@/components/dashboard/trpc";
import { Card, EmptyState, PageHeader, Skeleton, Table } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { CodeRow } from "./code-row";
import { CreateCodeForm } from "./create-code-form";
import { CreatorSales } from "./creator-sales";

type Props = { gameId: string; env: "test" | "live"; canEdit: boolean; defaultPeriod: Period; today: string };

export function CreatorCodesPage({ gameId, env, canEdit, defaultPeriod, today }: Props) {
  const trpc = useTRPC();
  const codes = useQuery(trpc.creatorCodes.list.queryOptions({ gameId, env }));
  return (
    <div className="space-y-6">
      <PageHeader title="Creator codes" description="Buyers type a creator's code at checkout; the creator earns a share of the net amount. Codes apply to test and live alike." />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_320px]">
        <Card title="Codes">
          {codes.error ? (
            <QueryError error={codes.error} onRetry={() => void codes.refetch()} title="The creator codes could not be loaded" />
          ) : codes.isPending ? (
            <Skeleton />
          ) : codes.data.length === 0 ? (
            <EmptyState title="No creator codes yet">{canEdit ? "Create the first one with the form." : "A developer can create them."}</EmptyState>
          ) : (
            <Table head={["Code", "Creator", "Share", "Status", "Updated", ""]}>
              {codes.data.map((code) => (
                // Keyed by content too, so a saved edit resets the row's form state.
                <CodeRow key={`${code.code}:${code.updatedAt}`} gameId={gameId} env={env} code={code} canEdit={canEdit} />
              ))}
            </Table>
          )}
        </Card>
        {canEdit && <CreateCodeForm gameId={gameId} env={env} />}
      </div>
      <CreatorSales gameId={gameId} env={env} defaultPeriod={defaultPeriod} today={today} />
    </div>
  );
}
