"use client";

import * as RadixPopover from "@radix-ui/react-popover";
import type { ReactNode } from "react";

/** A small non-modal panel anchored to a button (filters, details); Escape and outside clicks close it. */
export function Popover({ label, children, triggerClassName, testId }: { label: ReactNode; children: ReactNode; triggerClassName?: string; testId?: string }) {
  return (
    <RadixPopover.Root>
      <RadixPopover.Trigger
        data-testid={testId}
        className={
          triggerClassName ??
          "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        }
      >
        {label}
      </RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800 shadow-xl focus:outline-none"
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
