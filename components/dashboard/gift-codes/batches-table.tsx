"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/dashboard/trpc";
import { Instant, useFormat } from "@/components/ui/format";
import { Button, Card, EmptyState, Skeleton, Table } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { BatchCsvButton } from "./batch-csv-button";

type Props = { gameId: string; env: "test" | "live"; onShowCodes: (batchId: string) => void };

/** Labelled batches issued from the dashboard, newest first; fixture and API codes have none. */
export function BatchesTable({ gameId, env, onShowCodes }: Props) {
  const trpc = useTRPC();
  const f = useFormat();
  const batches = useQuery(trpc.giftCodes.batches.queryOptions({ gameId, env }));
  return (
    <Card title="Batches">
      {batches.error ? (
        <QueryError error={batches.error} onRetry={() => void batches.refetch()} title="The batches could not be loaded" />
      ) : batches.isPending ? (
        <Skeleton />
      ) : batches.data.length === 0 ? (
        <EmptyState title="No batches yet">Each batch created from this page gets a label; codes from fixtures or the API are listed under “No batch”.</EmptyState>
      ) : (
        <Table head={["Label", "Codes", "Uses", "Created by", "Created", ""]}>
          {batches.data.map((batch) => (
            <tr key={batch.id} data-testid="batch-row">
              <td className="px-3 py-2 font-medium text-slate-900">{batch.label}</td>
              <td className="px-3 py-2 tabular-nums">{f.number(batch.codes)}</td>
              <td className="px-3 py-2 tabular-nums" data-testid="batch-uses">
                {f.plural(batch.uses, "use")}
              </td>
              <td className="px-3 py-2 text-slate-700">{batch.createdBy ?? "A former member"}</td>
              <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                <Instant value={batch.createdAt} />
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap justify-end gap-2">
                  <Button tone="ghost" onClick={() => onShowCodes(batch.id)} aria-label={`Show the codes of ${batch.label}`}>
                    Show codes
                  </Button>
                  <BatchCsvButton gameId={gameId} env={env} batchId={batch.id} label={batch.label} />
                </div>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
