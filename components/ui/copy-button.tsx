"use client";

import { useState } from "react";

/** Copies a value to the clipboard and says so for two seconds. */
export function CopyButton({ value, label = "Copy", ariaLabel, testId }: { value: string; label?: string; ariaLabel?: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      data-testid={testId}
      aria-label={ariaLabel && !copied ? ariaLabel : undefined}
      onClick={async () => {
        // The clipboard API needs a secure context; on plain http the value stays selectable instead.
        await navigator.clipboard?.writeText(value).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
      className="shrink-0 whitespace-nowrap rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 shadow-sm [overflow-wrap:normal] hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <span aria-live="polite">{copied ? "Copied" : label}</span>
    </button>
  );
}
