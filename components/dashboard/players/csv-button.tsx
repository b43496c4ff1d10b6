"use client";

import { useState } from "react";
import { downloadBlob } from "@/components/ui/download";
import { Button } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";

/** The export route's address for a kind and its filters (server/exports: orders, players, player-ledger). */
export function exportHref(kind: "orders" | "players" | "player-ledger", query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(name, value);
  return `/api/exports/${kind}?${params.toString()}`;
}

/** The file name the server gave (Content-Disposition), or a fallback. */
function filenameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallback;
}

/**
 * Downloads a server-streamed CSV (every matching row, not the page on screen) from `href`. A refusal
 * (bad filter, two exports already running) is the API's JSON envelope, shown as a toast.
 */
export function CsvButton({ href, label = "Export CSV", testId }: { href: string; label?: string; testId?: string }) {
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
          const response = await fetch(href, { credentials: "same-origin" });
          if (!response.ok) {
            const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
            throw new Error(body?.error?.message ?? `The server answered ${response.status}.`);
          }
          downloadBlob(filenameOf(response, "export.csv"), await response.blob());
        } catch (error) {
          toast({ title: "The export failed", description: error instanceof Error ? error.message : String(error), tone: "error" });
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? "Exporting…" : label}
    </Button>
  );
}
