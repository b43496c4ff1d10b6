"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const sections = [
  ["", "Overview"],
  ["catalog", "Catalog"],
  ["players", "Players"],
  ["orders", "Orders"],
  ["revenue", "Revenue"],
  ["gift-codes", "Gift codes"],
  ["creator-codes", "Creator codes"],
  ["webhooks", "Webhooks"],
  ["settings", "Keys & settings"],
] as const;

/** The game's sections, and the always-visible test/live switch (live in red, so nobody mistakes it). */
export function GameNav({ gameId, gameName, env }: { gameId: string; gameName: string; env: "test" | "live" }) {
  const pathname = usePathname();
  const base = `/games/${gameId}/${env}`;
  const rest = pathname.slice(base.length);
  const other = env === "test" ? "live" : "test";
  return (
    <aside className="w-full shrink-0 lg:w-56">
      <p className="truncate px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{gameName}</p>
      <div className="mt-3 grid grid-cols-2 rounded-lg bg-slate-200 p-1 text-sm font-medium" data-testid="env-switch">
        {(["test", "live"] as const).map((e) => (
          <Link
            key={e}
            href={`/games/${gameId}/${e}${e === env ? rest : rest}`}
            aria-current={e === env ? "page" : undefined}
            className={`rounded-md px-2 py-1 text-center ${e === env ? (e === "live" ? "bg-rose-600 text-white shadow" : "bg-white text-slate-900 shadow") : "text-slate-600 hover:text-slate-900"}`}
          >
            {e === "live" ? "Live" : "Test"}
          </Link>
        ))}
      </div>
      <nav className="mt-4 flex flex-row flex-wrap gap-1 lg:flex-col">
        {sections.map(([path, label]) => {
          const href = path ? `${base}/${path}` : base;
          const active = path ? pathname.startsWith(href) : pathname === base;
          return (
            <Link key={path} href={href} className={`rounded-md px-2 py-1.5 text-sm ${active ? "bg-indigo-50 font-medium text-indigo-700" : "text-slate-600 hover:bg-slate-100"}`}>
              {label}
            </Link>
          );
        })}
      </nav>
      <p className="sr-only">Switch to {other}</p>
    </aside>
  );
}
