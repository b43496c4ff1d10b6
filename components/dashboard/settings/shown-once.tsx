"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { Button } from "@/components/ui/primitives";

/**
 * A secret shown once (new or rolled API key, webhook signing secret): copy it now, it is never
 * shown again. Stays until dismissed so a slow copy-paste does not lose it.
 */
export function ShownOnce({ label, value, onDone, testId, copyLabel = "Copy" }: { label: string; value: string; onDone: () => void; testId?: string; copyLabel?: string }) {
  return (
    <div data-testid={testId} role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="font-medium text-amber-900">{label}</p>
      <p className="text-amber-900">Copy it now: it will not be shown again. Only a hint of it stays visible here.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="secret-value" className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900">
          {value}
        </code>
        <CopyButton value={value} label={copyLabel} testId="copy-secret" />
      </div>
      <Button tone="ghost" onClick={onDone}>
        I have saved it
      </Button>
    </div>
  );
}
