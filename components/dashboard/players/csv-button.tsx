"use client";

import { useState } from "react";
import { downloadCsv } from "@/components/ui/download";
import { describeQueryError } from "@/components/ui/query-error";
import { Button } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";

/** Fetches a server-built CSV (every matching row, not the page on screen) and downloads it. */
export function CsvButton({ load, label = "Export CSV", testId }: { load: () => Promise<{ filename: string; csv: string }>; label?: string; testId?: string }) {
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  return (
    <Button
      tone="secondary"
      disabled={busy}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        try {
          downloadCsv(await load());
        } catch (error) {
          toast({ title: "The export failed", description: describeQueryError(error), tone: "error" });
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? "Exporting…" : label}
    </Button>
  );
}
