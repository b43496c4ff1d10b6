"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { downloadJson } from "@/components/ui/download";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { Button } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";

/** Downloads the environment's catalog as JSON in the fixture's format, so a studio can keep it as code. */
export function ExportButton({ gameId, env }: { gameId: string; env: "test" | "live" }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const catalog = await queryClient.fetchQuery({ ...trpc.catalog.export.queryOptions({ gameId, env }), staleTime: 0 });
      downloadJson(`catalog-${env}.json`, catalog);
    } catch (error) {
      toast({ title: "Export failed", description: errorMessageOf(error) ?? "Try again.", tone: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button tone="secondary" onClick={() => void download()} disabled={busy} data-testid="export-json">
      {busy ? "Exporting…" : "Export JSON"}
    </Button>
  );
}
