"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { downloadCsv } from "@/components/ui/download";
import { Button } from "@/components/ui/primitives";
import { describeQueryError } from "@/components/ui/query-error";
import { useToast } from "@/components/ui/toast";
import type { AuditFilters } from "./audit-filters";

/** Downloads the filtered log for the chosen days; without days it exports the last 30 days up to today. */
export function AuditExportButton({ filters, today }: { filters: AuditFilters; today: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const to = filters.to || today;
  const from = filters.from || shiftDays(to, -29);
  return (
    <Button
      tone="secondary"
      data-testid="audit-export"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const input = { from, to, gameId: filters.gameId || undefined, action: filters.action || undefined, staffId: filters.staffId || undefined };
          const file = await queryClient.fetchQuery({ ...trpc.audit.csv.queryOptions(input), staleTime: 0 });
          downloadCsv(file);
          toast({ title: "Export ready", description: `${f.plural(file.rows, "entry", "entries")}, ${from} to ${to}.`, tone: "success" });
        } catch (error) {
          toast({ title: "The export failed", description: describeQueryError(error), tone: "error" });
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? "Exporting…" : `Export CSV (${from} to ${to})`}
    </Button>
  );
}

function shiftDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
