"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";
import { Menu } from "@/components/ui/menu";

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

/**
 * The section of a game path ("/games/g/test/players/p1?x" → "players"). Switching environment or game
 * lands on that section's list: a player, order or delivery of one environment does not exist in the other.
 */
export function sectionOf(pathname: string, base: string): string {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : "";
  const first = rest.split("/").filter(Boolean)[0] ?? "";
  return sections.some(([path]) => path === first) ? first : "";
}

const hrefFor = (gameId: string, env: "test" | "live", section: string) => `/games/${gameId}/${env}${section ? `/${section}` : ""}`;

export type SwitcherGame = { id: string; name: string };

/** The game's sections, the game switcher and the always-visible test/live switch (live in red). */
export function GameNav({ gameId, gameName, env, games }: { gameId: string; gameName: string; env: "test" | "live"; games: SwitcherGame[] }) {
  const pathname = usePathname();
  const base = `/games/${gameId}/${env}`;
  const section = sectionOf(pathname, base);
  const sectionsId = useId();
  // On a phone the section list is folded behind one button (it took ~350 px before the content); it
  // folds again after each navigation. From lg up it is the sidebar, always open.
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  const currentLabel = sections.find(([path]) => path === section)?.[1] ?? "Overview";
  return (
    <div className="w-full min-w-0 shrink-0 lg:w-56">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 lg:block">
        <Menu
          testId="game-switcher"
          label={
            <span className="min-w-0 truncate">
              <span className="sr-only">Game: </span>
              {gameName}
            </span>
          }
          triggerClassName="flex w-full min-w-0 items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          heading="Switch game"
          items={[
            ...games.map((g) => ({ label: g.name, href: hrefFor(g.id, env, section), current: g.id === gameId, testId: "game-switcher-item" })),
            { label: "All games…", href: "/dashboard" },
          ]}
        />
        <div className="grid grid-cols-2 rounded-lg bg-slate-200 p-1 text-sm font-medium lg:mt-3" data-testid="env-switch" role="group" aria-label="Environment">
          {(["test", "live"] as const).map((e) => (
            <Link
              key={e}
              href={hrefFor(gameId, e, section)}
              aria-current={e === env ? "page" : undefined}
              className={`rounded-md px-2 py-1 text-center focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${e === env ? (e === "live" ? "bg-rose-700 text-white shadow" : "bg-white text-slate-900 shadow") : "text-slate-700 hover:text-slate-900"}`}
            >
              {e === "live" ? "Live" : "Test"}
            </Link>
          ))}
        </div>
      </div>
      <nav aria-label={`${gameName} sections`} className="mt-2 lg:mt-4">
        <button
          type="button"
          data-testid="sections-toggle"
          aria-expanded={open}
          aria-controls={sectionsId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 lg:hidden"
        >
          <span>
            <span className="text-slate-600">Section: </span>
            <span className="font-medium">{currentLabel}</span>
          </span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} fill="none">
            <path d="M5.5 7.5L10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
        <ul id={sectionsId} className={`${open ? "mt-2 grid grid-cols-2 gap-1" : "hidden"} lg:mt-0 lg:flex lg:flex-col lg:gap-1`}>
          {sections.map(([path, label]) => {
            const href = path ? `${base}/${path}` : base;
            const active = path === section;
            return (
              <li key={path}>
                <Link
                  href={href}
                  aria-current={active ? "page" : undefined}
                  className={`block rounded-md px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${active ? "bg-indigo-50 font-medium text-indigo-800" : "text-slate-700 hover:bg-slate-100"}`}
                >
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
