import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { WebhookId } from "./schemas";
import type { EndpointRow } from "./views";

export type FindEndpointOptions = { endpointId: string; forUpdate?: boolean };

/** The endpoint of this game and environment, or NOT_FOUND (also for another game's or environment's id). */
export async function findEndpoint(db: Db, scope: GameScope, { endpointId, ...options }: FindEndpointOptions): Promise<EndpointRow> {
  if (!WebhookId.safeParse(endpointId).success) throw notFound("Webhook endpoint");
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.gameId, scope.gameId), eq(webhookEndpoints.env, scope.env)));
  const rows = options.forUpdate ? await query.for("update") : await query;
  const row = rows[0];
  if (!row) throw notFound("Webhook endpoint");
  return row;
}
