"use client";

import type { ReactNode } from "react";
import { SidePanel as DialogSidePanel } from "@/components/ui/dialog";

/**
 * The shared Radix side panel (components/ui/dialog.tsx). Callers that render it conditionally and pass
 * `onClose` keep working: rendered means open, and any close (Escape, backdrop, ✕) calls onClose.
 * New callers may pass `open`/`onOpenChange` directly.
 */
export function SidePanel({
  title,
  subtitle,
  onClose,
  open = true,
  onOpenChange,
  children,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  onClose?: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <DialogSidePanel
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        if (!next) onClose?.();
      }}
      title={title}
      subtitle={subtitle}
      testId={testId}
    >
      {children}
    </DialogSidePanel>
  );
}
