"use client";

import { useState } from "react";
import { downloadCsv } from "@/components/ui/download";

type CsvFile = { filename: string; csv: string };

/**
 * Downloads the file a CSV query returns; `busy` (which export runs) and `error` drive the buttons and
 * the error line. Callers fetch with staleTime 0: an export holds the data as it is now, never a cache.
 */
export function useCsvExport() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (which: string, fetchFile: () => Promise<CsvFile>) => {
    setBusy(which);
    setError(null);
    try {
      downloadCsv(await fetchFile());
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };
  return { run, busy, error };
}
