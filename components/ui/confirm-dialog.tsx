"use client";

import { useState, type ReactNode } from "react";
import { Button } from "./primitives";

/** A button that asks before it acts (refunds, revocations, blocking). */
export function ConfirmButton({
  label,
  title,
  body,
  confirmLabel,
  tone = "danger",
  onConfirm,
  disabled,
  testId,
  confirmTestId,
}: {
  label: string;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
  /** data-testid of the opening button and of the dialog's confirm button, for e2e tests. */
  testId?: string;
  confirmTestId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button tone={tone === "danger" ? "danger" : "primary"} onClick={() => setOpen(true)} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
      {open && (
        <div role="dialog" aria-modal="true" aria-label={title} className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
          <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-2xl">
            <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
            <div className="mt-2 text-sm text-slate-600">{body}</div>
            <div className="mt-6 flex justify-end gap-2">
              <Button tone="secondary" onClick={() => setOpen(false)} disabled={busy}>
                Cancel
              </Button>
              <Button
                tone={tone}
                disabled={busy}
                data-testid={confirmTestId}
                onClick={async () => {
                  setBusy(true);
                  try {
                    await onConfirm();
                    setOpen(false);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                {confirmLabel}
              </Button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
