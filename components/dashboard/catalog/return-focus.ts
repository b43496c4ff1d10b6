"use client";

import { useEffect, useRef } from "react";

/**
 * Radix Dialog gives the focus back only to a `Dialog.Trigger`; the shared Modal opens from plain
 * buttons, so this puts it back on the button that opened the dialog once the dialog has closed.
 * Call `remember(event.currentTarget)` in the opening button's click handler.
 */
export function useReturnFocus(open: boolean): (opener: HTMLElement) => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open || !opener.current) return;
    const element = opener.current;
    opener.current = null;
    // After Radix's own close handling, which runs on the next tick.
    const timer = setTimeout(() => element.focus(), 0);
    return () => clearTimeout(timer);
  }, [open]);
  return (element) => {
    opener.current = element;
  };
}
