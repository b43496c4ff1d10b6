"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCsvExport } from "@/components/dashboard/sales/use-csv-export";
import { useTRPC } from "@/components/dashboard/trpc";
import { describeQueryError } from "@/components/ui/query-error";
import { Button } from "@/components/ui/primitives";

/** Downloads one batch's codes as CSV (every code of the batch, whatever the list shows). */
export function BatchCsvButton({ gameId, env, batchId, label }: { gameId: string; env: "test" | "live"; batchId: string; label: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const csv = useCsvExport();
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        tone="secondary"
        disabled={csv.busy !== null}
        aria-label={`Download the CSV of ${label}`}
        data-testid="batch-csv"
        onClick={() => csv.run("batch", () => queryClient.fetchQuery({ ...trpc.giftCodes.exportBatchCsv.queryOptions({ gameId, env, batchId }), staleTime: 0 }))}
      >
        {csv.busy ? "Exporting…" : "Download CSV"}
      </Button>
      {csv.error !== null && (
        <span role="alert" className="text-xs text-rose-700">
          {describeQueryError(csv.error)}
        </span>
      )}
    </span>
  );
}
