"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCsvExport } from "@/components/dashboard/sales/use-csv-export";
import { useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, Field, Select } from "@/components/ui/primitives";
import { describeQueryError } from "@/components/ui/query-error";

/** The last `count` calendar quarters up to the one of `today` (YYYY-MM-DD), newest first: `2026-Q4`, `2026-Q3`… */
export function recentQuarters(today: string, count = 8): string[] {
  let year = Number(today.slice(0, 4));
  let quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
  const quarters: string[] = [];
  for (let i = 0; i < count; i += 1) {
    quarters.push(`${year}-Q${quarter}`);
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return quarters;
}

/** The quarter's EU OSS return as CSV (docs/compliance.md maps its columns onto the BE, FR and NL portals). */
export function OssExport({ gameId, env, today }: { gameId: string; env: "test" | "live"; today: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const quarters = recentQuarters(today);
  // The quarter just ended is the one to file.
  const [quarter, setQuarter] = useState(quarters[1] ?? quarters[0] ?? "");
  const csv = useCsvExport();
  return (
    <Card title="OSS VAT return (per quarter)">
      <p className="mb-3 text-xs text-slate-600">
        Per member state and VAT rate: the taxable amount and the VAT of the quarter&apos;s sales, then refunds and chargebacks of earlier quarters as corrections of the quarter they correct. Sales in the
        seller&apos;s own country (its VAT number) are marked for the national return.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Quarter">
          <Select value={quarter} onChange={(event) => setQuarter(event.target.value)} data-testid="oss-quarter">
            {quarters.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          tone="secondary"
          disabled={csv.busy !== null}
          data-testid="export-oss-csv"
          onClick={() => csv.run("oss", () => queryClient.fetchQuery({ ...trpc.revenue.ossReturnCsv.queryOptions({ gameId, env, quarter }), staleTime: 0 }))}
        >
          {csv.busy === "oss" ? "Exporting…" : "Export OSS return CSV"}
        </Button>
      </div>
      {csv.error !== null && (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          The export failed: {describeQueryError(csv.error)}
        </p>
      )}
    </Card>
  );
}
