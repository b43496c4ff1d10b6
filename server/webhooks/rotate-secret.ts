import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { newSigningSecret } from "./create-endpoint";
import { findEndpoint } from "./find-endpoint";
import { storeSigningSecret } from "./signing-secret-store";
import { toEndpointView, type EndpointWithSecret } from "./views";

/**
 * Replaces the signing secret. The old one stops at once: every send reads the secret when it is
 * claimed, so the next attempt of any delivery is signed with the new one. Shown once, here.
 */
export async function rotateSecret(db: Db, scope: GameScope, endpointId: string): Promise<EndpointWithSecret> {
  const endpoint = await findEndpoint(db, scope, { endpointId });
  const signingSecret = newSigningSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ signingSecret: storeSigningSecret(endpoint.id, signingSecret), updatedAt: clock.now() })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.gameId, scope.gameId), eq(webhookEndpoints.env, scope.env)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Webhook endpoint not found.");
  return { endpoint: toEndpointView(row), signingSecret };
}
