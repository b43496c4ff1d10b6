"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/*
 * Radix Dialog gives us the focus trap, Escape, focus return to the trigger and the aria wiring; these
 * two shapes are the only dialogs the dashboard uses, so every modal looks and behaves the same.
 */

const overlayClass = "fixed inset-0 z-40 bg-slate-900/40 data-[state=open]:animate-in";
const closeClass =
  "rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
    </svg>
  );
}

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  testId?: string;
};

/** What both shapes share: overlay, title and description, the close button and a scrolling body. */
function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  contentClass,
  children,
  footer,
  testId,
}: DialogProps & { description?: ReactNode; closeLabel: string; contentClass: string; children?: ReactNode; footer?: ReactNode }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content
          data-testid={testId}
          {...(description ? {} : { "aria-describedby": undefined })}
          className={`fixed z-50 flex flex-col bg-white shadow-2xl focus:outline-none ${contentClass}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description ? <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description> : null}
            </div>
            <RadixDialog.Close className={closeClass} aria-label={closeLabel}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-6 py-4">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A centred dialog for short forms and messages. */
export function Modal(props: DialogProps & { description?: ReactNode; children?: ReactNode; footer?: ReactNode }) {
  return (
    <DialogFrame
      {...props}
      closeLabel="Close"
      contentClass="left-1/2 top-1/2 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl"
    />
  );
}

/** A panel sliding in from the right for create and edit forms. */
export function SidePanel({ subtitle, ...props }: DialogProps & { subtitle?: ReactNode; children: ReactNode }) {
  return <DialogFrame {...props} description={subtitle} closeLabel="Close panel" contentClass="inset-y-0 right-0 h-full w-full max-w-xl" />;
}
