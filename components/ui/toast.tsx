"use client";

import * as RadixToast from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type ToastInput = { title: string; description?: ReactNode; tone?: "success" | "error" };
type ShownToast = ToastInput & { id: number };

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

const toneClass = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-rose-300 bg-rose-50 text-rose-900",
  neutral: "border-slate-300 bg-white text-slate-900",
};

/** Mounted once in the dashboard providers; success is announced politely, errors assertively. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const show = useCallback((toast: ToastInput) => {
    setToasts((current) => [...current.slice(-3), { ...toast, id: Date.now() + Math.random() }]);
  }, []);
  const remove = (id: number) => setToasts((current) => current.filter((t) => t.id !== id));
  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider swipeDirection="right" duration={6000} label="Notification">
        {children}
        {toasts.map((t) => (
          <RadixToast.Root
            key={t.id}
            type={t.tone === "error" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) remove(t.id);
            }}
            data-testid="toast"
            className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${toneClass[t.tone ?? "neutral"]}`}
          >
            <div className="min-w-0 flex-1">
              <RadixToast.Title className="font-semibold">{t.title}</RadixToast.Title>
              {t.description ? <RadixToast.Description className="mt-0.5">{t.description}</RadixToast.Description> : null}
            </div>
            <RadixToast.Close
              aria-label="Dismiss notification"
              className="rounded px-1 text-current hover:bg-black/5 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              ✕
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="fixed bottom-0 right-0 z-[60] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** `const { toast } = useToast(); toast({ title: "Saved", tone: "success" })`. */
export function useToast(): { toast: (toast: ToastInput) => void } {
  const show = useContext(ToastContext);
  // Outside the provider (e.g. a unit-rendered component) a toast is dropped rather than crashing the page.
  return useMemo(() => ({ toast: show ?? (() => undefined) }), [show]);
}
