"use client";

import type { CatalogStatus } from "@/db/schema/catalog";
import { ConfirmButton } from "@/components/ui/confirm-dialog";

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
 * A row's status changes, each behind a confirm naming its consequence (never a bare select that saves
 * on change). `onChange` rejects with the server's reason, which the dialog then shows.
 */
export function StatusActions({
  kind,
  env,
  id,
  name,
  status,
  disabled,
  onChange,
}: {
  kind: EntryKind;
  env: "test" | "live";
  id: string;
  name: string;
  status: CatalogStatus;
  disabled: boolean;
  onChange: (next: CatalogStatus) => Promise<unknown>;
}) {
  const targets = (["active", "draft", "archived"] as const).filter((s) => s !== status);
  return (
    <>
      {targets.map((next) => (
        <ConfirmButton
          key={next}
          label={
            <>
              {verbs[next]}
              <span className="sr-only"> {name}</span>
            </>
          }
          title={`${verbs[next]} ${name} in ${env}?`}
          body={statusConsequence(kind, env, next)}
          confirmLabel={verbs[next]}
          tone={next === "active" ? "primary" : "danger"}
          triggerTone="secondary"
          // relative: keeps the screen-reader-only name inside the table's scroll area.
          className="relative px-2 py-1 text-xs"
          disabled={disabled}
          testId={`status-${next}-${id}`}
          confirmTestId={`confirm-status-${next}-${id}`}
          onConfirm={async () => {
            await onChange(next);
          }}
        />
      ))}
    </>
  );
}
