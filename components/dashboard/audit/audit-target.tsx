"use client";

import Link from "next/link";
import { CopyableId } from "@/components/ui/copyable-id";
import type { AuditEntryView } from "@/server/audit/list-audit";

const kinds: Record<string, string> = {
  api_key: "API key",
  catalog: "Catalog",
  creator_code: "Creator code",
  currency: "Currency",
  game: "Game",
  gift_code: "Gift code",
  gift_code_batch: "Gift-code batch",
  invitation: "Invitation",
  item: "Item",
  order: "Order",
  pack: "Pack",
  player: "Player",
  staff: "Member",
  studio: "Studio",
  webhook_delivery: "Webhook delivery",
  webhook_endpoint: "Webhook endpoint",
};

/** What an entry is about: its kind, its name linked to its page, and its id to copy. */
export function AuditTargetCell({ entry }: { entry: Pick<AuditEntryView, "targetType" | "targetId" | "targetName" | "targetHref"> }) {
  if (!entry.targetType && !entry.targetId) return <span className="text-slate-600">—</span>;
  const name = entry.targetName ?? (entry.targetId ? null : entry.targetType);
  return (
    <div className="space-y-0.5 text-xs" data-testid="audit-target">
      {entry.targetType && <p className="text-slate-600">{kinds[entry.targetType] ?? entry.targetType}</p>}
      {name &&
        (entry.targetHref ? (
          <Link href={entry.targetHref} className="block break-words text-sm text-indigo-700 hover:underline" data-testid="audit-target-link">
            {name}
          </Link>
        ) : (
          <p className="break-words text-sm text-slate-900">{name}</p>
        ))}
      {/* A catalog's "id" is its environment: nothing to copy. */}
      {entry.targetId && entry.targetId !== entry.targetName && entry.targetType !== "catalog" && <CopyableId value={entry.targetId} what={`${kinds[entry.targetType ?? ""] ?? "target"} id`} />}
    </div>
  );
}
