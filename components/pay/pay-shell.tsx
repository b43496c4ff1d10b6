import type { ReactNode } from "react";
import { DocumentLang } from "./document-lang";

/** The frame of the hosted pages, in the page's language: game name, a lock, and the TEST banner in the test environment. */
export function PayShell({ lang, gameName, secureLabel, testBanner, children }: { lang: string; gameName: string; secureLabel: string; testBanner: string | null; children: ReactNode }) {
  return (
    <div lang={lang} className="min-h-screen bg-gradient-to-b from-slate-100 to-slate-200">
      <DocumentLang lang={lang} />
      {testBanner && (
        <div role="status" data-testid="test-banner" className="bg-amber-400 px-4 py-2 text-center text-sm font-bold tracking-wide text-amber-950">
          {testBanner}
        </div>
      )}
      <div className="mx-auto max-w-lg px-4 py-10">
        <header className="mb-6 flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 break-words text-lg font-semibold text-slate-900">{gameName}</p>
          <p className="flex items-center gap-1 text-xs font-medium text-emerald-800">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
              <path d="M10 1a4 4 0 0 0-4 4v3H5a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7a2 2 0 0 0-2-2h-1V5a4 4 0 0 0-4-4Zm-2 7V5a2 2 0 1 1 4 0v3H8Z" />
            </svg>
            {secureLabel}
          </p>
        </header>
        <main className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-900/5 sm:p-6">{children}</main>
        <p className="mt-6 text-center text-xs text-slate-700">Gamecoin</p>
      </div>
    </div>
  );
}
