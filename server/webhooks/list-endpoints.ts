import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import type { GameScope } from "@/server/lib/scope";
import { toEndpointView, type EndpointView } from "./views";

/** The environment's endpoints, oldest first (at most five, so no paging). */
export async function listEndpoints(db: Db, scope: GameScope): Promise<EndpointView[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.gameId, scope.gameId), eq(webhookEndpoints.env, scope.env)))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toEndpointView);
}
