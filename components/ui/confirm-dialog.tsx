"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useState, type ReactNode } from "react";
import { Button } from "./primitives";

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Something went wrong. Nothing was changed.";
}

type DialogText = {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  onConfirm: () => void | Promise<void>;
  /** data-testid of the dialog's confirm button (the dialog is `<id>-dialog`), for e2e tests. */
  confirmTestId?: string;
};

/**
 * A button that asks before it acts (status and role changes, revocations, deletions, refunds, blocks).
 * `body` names the consequence. While onConfirm runs the dialog is busy; if it throws, the error is
 * shown in the dialog and the dialog stays open so the person can retry or cancel knowingly.
 */
export function ConfirmButton({
  label,
  disabled,
  testId,
  triggerTone,
  className,
  ...dialog
}: DialogText & {
  label: ReactNode;
  disabled?: boolean;
  /** data-testid of the opening button. */
  testId?: string;
  /** The opening button's look when it should be quieter than the action it confirms. */
  triggerTone?: "primary" | "secondary" | "danger" | "ghost";
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      {...dialog}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button tone={triggerTone ?? (dialog.tone === "primary" ? "primary" : "danger")} disabled={disabled} data-testid={testId} className={className}>
          {label}
        </Button>
      }
    />
  );
}

/**
 * The confirmation itself, opened by its own trigger (ConfirmButton) or from elsewhere, such as an item
 * of a row's action menu; `onCloseAutoFocus` then says where focus goes back to.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  tone = "danger",
  onConfirm,
  confirmTestId,
  open,
  onOpenChange,
  trigger,
  onCloseAutoFocus,
}: DialogText & { open: boolean; onOpenChange: (open: boolean) => void; trigger?: ReactNode; onCloseAutoFocus?: (event: Event) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Each opening starts without the last attempt's error, whoever opened it.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setError(null);
  }
  const danger = tone === "danger";

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        onOpenChange(next);
      }}
    >
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content
          data-testid={confirmTestId ? `${confirmTestId}-dialog` : undefined}
          // Danger actions start on Cancel so Enter never destroys by accident; others start on the action.
          onOpenAutoFocus={(event) => {
            if (danger) return;
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector<HTMLButtonElement>("[data-confirm-action]")?.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-slate-700">{body}</div>
          </AlertDialog.Description>
          {error && (
            <p role="alert" className="mt-4 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button tone="secondary" disabled={busy}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes at once, and a failed action must keep the dialog open. */}
            <Button tone={tone} disabled={busy} aria-busy={busy} data-testid={confirmTestId} data-confirm-action="" onClick={confirm}>
              {busy ? `${confirmLabel}…` : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
