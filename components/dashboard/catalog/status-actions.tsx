"use client";

import type { CatalogStatus } from "@/db/schema/catalog";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Menu, type MenuItem } from "@/components/ui/menu";

export type EntryKind = "currency" | "item" | "pack";

const verbs: Record<CatalogStatus, string> = { active: "Activate", draft: "Move to draft", archived: "Archive" };

/** What players notice when an entry of `kind` moves to `next` in `env`: the sentence the confirm shows. */
export function statusConsequence(kind: EntryKind, env: "test" | "live", next: CatalogStatus): string {
  const where = env === "live" ? "live" : "test";
  const leaving = next !== "active";
  const until = next === "draft" ? " until you activate it again" : "";
  const body = {
    pack: leaving
      ? `The pack leaves the ${where} shop${until}: players can no longer buy it. Orders already made keep what they sold.`
      : `The pack enters the ${where} shop: players can buy it now (within its sale window, if it has one).`,
    item: leaving
      ? `The item leaves the ${where} catalog${until}: it can no longer be bought, granted or consumed. Players keep what they own.`
      : `The item enters the ${where} catalog: it can be granted, and bought if it has a price.`,
    currency: leaving
      ? `The currency leaves the ${where} catalog${until}: wallets stop showing it and it can no longer be granted or spent. Balances are kept.`
      : `The currency enters the ${where} catalog: wallets show it and it can be granted and spent.`,
  }[kind];
  return env === "test" ? `${body} Only the test environment changes; publish to change live.` : body;
}

/**
 * A row's actions in one menu (Edit, then each status it can move to) instead of three stacked buttons.
 * A status change opens a confirm naming its consequence (never a change on select); `onChange` rejects
 * with the server's reason, which the dialog then shows. Focus goes back to the menu button afterwards.
 */
export function RowActionsMenu({
  kind,
  env,
  id,
  name,
  status,
  disabled,
  onEdit,
  onChange,
}: {
  kind: EntryKind;
  env: "test" | "live";
  id: string;
  name: string;
  status: CatalogStatus;
  disabled: boolean;
  onEdit: () => void;
  onChange: (next: CatalogStatus) => Promise<unknown>;
}) {
  const [pending, setPending] = useState<CatalogStatus | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const targets = (["active", "draft", "archived"] as const).filter((s) => s !== status);
  const items: MenuItem[] = [
    { label: "Edit…", onSelect: onEdit, testId: `edit-${id}` },
    ...targets.map((next) => ({ label: `${verbs[next]}…`, onSelect: () => setPending(next), disabled, testId: `status-${next}-${id}` })),
  ];
  return (
    <div ref={box} className="inline-flex">
      <Menu
        label={
          <>
            Actions<span className="sr-only"> for {name}</span>
          </>
        }
        align="end"
        testId={`row-actions-${id}`}
        triggerClassName="relative inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        items={items}
      />
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setPending(null);
          }}
          title={`${verbs[pending]} ${name} in ${env}?`}
          body={statusConsequence(kind, env, pending)}
          confirmLabel={verbs[pending]}
          tone={pending === "active" ? "primary" : "danger"}
          confirmTestId={`confirm-status-${pending}-${id}`}
          onConfirm={async () => {
            await onChange(pending);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            box.current?.querySelector<HTMLButtonElement>("button")?.focus();
          }}
        />
      )}
    </div>
  );
}
