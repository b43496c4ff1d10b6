"use client";

import { CopyButton } from "./copy-button";

/**
 * An id in monospace with a copy button next to it: ids are what support pastes into a ticket, a
 * filter or an API call, and selecting 24 characters by hand on a phone is error-prone.
 */
export function CopyableId({ value, what = "id", testId }: { value: string; what?: string; testId?: string }) {
  return (
    <span className="inline-flex max-w-full items-center gap-1.5">
      <code className="min-w-0 break-all font-mono text-xs text-slate-700" data-testid={testId}>
        {value}
      </code>
      <CopyButton value={value} ariaLabel={`Copy ${what}`} testId={testId ? `${testId}-copy` : "copy-id"} />
    </span>
  );
}
