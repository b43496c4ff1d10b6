"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { useFormat } from "@/components/ui/format";
import { Button, Card } from "@/components/ui/primitives";
import type { IssuedBatch } from "@/server/codes/gift-code-batches";
import { BatchCsvButton } from "./batch-csv-button";

/** The batch just created, ready to copy (one code per line) or download before handing it out. */
export function NewCodes({ gameId, env, issued, onDismiss }: { gameId: string; env: "test" | "live"; issued: IssuedBatch; onDismiss: () => void }) {
  const f = useFormat();
  const { batch, codes } = issued;
  const all = codes.map((c) => c.code).join("\n");
  return (
    <Card title={`${batch.label}: ${f.plural(codes.length, "new code")}`} className="border-emerald-300">
      {/* In the body, not the header: three buttons beside a long label would not fit a phone. */}
      <div className="mb-3 flex flex-wrap items-start gap-2">
        <CopyButton value={all} label="Copy all" testId="copy-all-gift-codes" />
        <BatchCsvButton gameId={gameId} env={env} batchId={batch.id} label={batch.label} />
        <Button tone="ghost" onClick={onDismiss}>
          Done
        </Button>
      </div>
      <ul data-testid="new-gift-codes" className="grid max-h-72 gap-1 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
        {codes.map((code) => (
          <li key={code.id} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-1.5">
            <code data-testid="gift-code-value" className="select-all font-mono text-sm tracking-wide text-slate-900">
              {code.code}
            </code>
            <CopyButton value={code.code} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
