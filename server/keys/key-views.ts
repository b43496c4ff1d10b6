import "server-only";
import { z } from "zod";
import type { apiKeys, Environment } from "@/db/schema";
import { clock } from "@/server/lib/clock";

export const KeyKind = z.enum(["secret", "publishable"]);
export type KeyKind = z.infer<typeof KeyKind>;

/** Optional; blank means "no name". 60 characters fit a table cell and a dialog title. */
export const KeyName = z
  .string()
  .trim()
  .max(60, "Must be at most 60 characters")
  .nullable()
  .transform((name) => (name ? name : null));

export type KeyRow = typeof apiKeys.$inferSelect;
export type KeyStatus = "active" | "expiring" | "expired" | "revoked";

export type ApiKeyView = {
  id: string;
  kind: KeyKind;
  env: Environment;
  name: string | null;
  hint: string;
  status: KeyStatus;
  /** Staff who created or rolled it; null for keys written by the setup script or a fixture. */
  createdBy: { id: string; name: string; email: string } | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
};

export type Creator = { id: string; name: string; email: string } | null;

/** Expired is judged against the clock, the same instant the API refuses the key. */
export function keyStatus(row: Pick<KeyRow, "revokedAt" | "expiresAt">, nowMs = clock.nowMs()): KeyStatus {
  if (row.revokedAt) return "revoked";
  if (!row.expiresAt) return "active";
  return row.expiresAt.getTime() <= nowMs ? "expired" : "expiring";
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toKeyView(row: KeyRow, creator: Creator): ApiKeyView {
  return {
    id: row.id,
    kind: row.kind,
    env: row.env,
    name: row.name,
    hint: row.keyHint,
    status: keyStatus(row),
    createdBy: creator,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
  };
}

/** What the audit log keeps of a key: enough to recognise it, never the key. */
export function keyAuditState(view: ApiKeyView) {
  return {
    id: view.id,
    hint: view.hint,
    kind: view.kind,
    name: view.name,
    status: view.status,
    createdAt: view.createdAt,
    createdBy: view.createdBy?.email ?? null,
    lastUsedAt: view.lastUsedAt,
    expiresAt: view.expiresAt,
    revokedAt: view.revokedAt,
  };
}
