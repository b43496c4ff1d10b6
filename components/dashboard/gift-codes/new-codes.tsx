"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { Button, Card } from "@/components/ui/primitives";
import type { GiftCodeView } from "@/server/codes/gift-code-view";

/** The batch just created, ready to copy (one code per line) before handing it out. */
export function NewCodes({ codes, onDismiss }: { codes: GiftCodeView[]; onDismiss: () => void }) {
  const all = codes.map((c) => c.code).join("\n");
  return (
    <Card
      title={`${codes.length} new ${codes.length === 1 ? "code" : "codes"}`}
      actions={
        <>
          <CopyButton value={all} label="Copy all" testId="copy-all-gift-codes" />
          <Button tone="ghost" onClick={onDismiss}>
            Done
          </Button>
        </>
      }
      className="border-emerald-300"
    >
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
