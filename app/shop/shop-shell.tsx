import type { CSSProperties, ReactNode } from "react";
import { DocumentLang } from "@/components/pay/document-lang";

export type ShopTheme = { accent: string; onAccent: string };

/** The shop's frame, phone first: the game's logo and name, the TEST banner in the test shop, the page's language. */
export function ShopShell(props: {
  lang: string;
  gameName: string;
  title: string;
  logoUrl: string | null;
  testBanner: string | null;
  theme: ShopTheme;
  headerEnd?: ReactNode;
  children: ReactNode;
}) {
  const accentBar: CSSProperties = { backgroundColor: props.theme.accent };
  return (
    <div lang={props.lang} className="min-h-screen overflow-x-hidden bg-slate-100">
      <DocumentLang lang={props.lang} />
      {props.testBanner && (
        <div role="status" data-testid="test-banner" className="bg-amber-400 px-4 py-2 text-center text-sm font-bold tracking-wide text-amber-950">
          {props.testBanner}
        </div>
      )}
      <div aria-hidden="true" className="h-1.5" style={accentBar} />
      <header className="mx-auto flex max-w-2xl flex-wrap items-center justify-between gap-3 px-4 pt-5">
        <div className="flex min-w-0 items-center gap-3">
          {props.logoUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- the studio's own logo, from its own https host
            <img src={props.logoUrl} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg object-contain" />
          )}
          <p className="min-w-0 break-words text-lg font-semibold text-slate-900" data-testid="game-name">
            {props.gameName}
            <span className="sr-only"> · {props.title}</span>
          </p>
        </div>
        {props.headerEnd}
      </header>
      <main className="mx-auto max-w-2xl px-4 pb-10 pt-4">{props.children}</main>
      <footer className="pb-6 text-center text-xs text-slate-700">Gamecoin</footer>
    </div>
  );
}
