import "server-only";
import { z } from "zod";
import type { players } from "@/db/schema";

export type PlayerRow = typeof players.$inferSelect;

/**
 * The Player resource of SPEC; `email` and `birthYear` are stored but never returned. The schema is the one
 * definition of the shape: server/api registers it as the OpenAPI component, and the type is inferred from it.
 */
export const PlayerSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/),
  externalId: z.string().nullable(),
  kind: z.enum(["external", "hosted"]),
  displayName: z.string().nullable(),
  country: z.string().nullable(),
  blocked: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type PlayerView = z.infer<typeof PlayerSchema>;

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
