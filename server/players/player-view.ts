import type { players } from "@/db/schema";

export type PlayerRow = typeof players.$inferSelect;

/** The Player resource of SPEC; `email` and `birthYear` are stored but never returned. */
export type PlayerView = {
  id: string;
  externalId: string | null;
  kind: "external" | "hosted";
  displayName: string | null;
  country: string | null;
  blocked: boolean;
  createdAt: string;
};

export function toPlayerView(row: PlayerRow): PlayerView {
  return {
    id: row.id,
    externalId: row.externalId,
    kind: row.kind,
    displayName: row.displayName,
    country: row.country,
    blocked: row.blocked,
    createdAt: row.createdAt.toISOString(),
  };
}
