"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import Link from "next/link";
import type { ReactNode } from "react";

export type MenuItem = { label: ReactNode; onSelect?: () => void; href?: string; current?: boolean; testId?: string; disabled?: boolean };

const itemClass =
  "flex w-full cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-500 data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900";

/** A button opening a list of actions or links (Radix: arrows, typeahead, Escape, focus return). */
export function Menu({
  label,
  items,
  triggerClassName,
  align = "start",
  testId,
  heading,
}: {
  label: ReactNode;
  items: MenuItem[];
  triggerClassName?: string;
  align?: "start" | "end";
  testId?: string;
  /** Non-interactive text at the top of the list (e.g. who is signed in). */
  heading?: ReactNode;
}) {
  return (
    // Not modal: a modal menu aria-hides the page around it (axe's aria-hidden-focus), and a menu needs no
    // focus trap: Tab or Escape closes it and focus returns to its button either way.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid={testId}
        className={
          triggerClassName ??
          "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        }
      >
        {label}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.5 7.5L10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-[70vh] min-w-[12rem] max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-xl"
        >
          {heading ? (
            <>
              <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600">{heading}</DropdownMenu.Label>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            </>
          ) : null}
          {items.map((item, index) =>
            item.href ? (
              <DropdownMenu.Item key={index} asChild disabled={item.disabled} className={itemClass}>
                <Link href={item.href} aria-current={item.current ? "page" : undefined} data-testid={item.testId}>
                  {item.label}
                  {item.current ? <span className="ml-auto text-xs text-slate-600">current</span> : null}
                </Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item key={index} disabled={item.disabled} onSelect={item.onSelect} className={itemClass} data-testid={item.testId}>
                {item.label}
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
