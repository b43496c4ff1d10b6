import "server-only";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, validationError } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import { newSecret } from "@/server/lib/secrets";
import { checkEndpointUrl } from "./endpoint-url";
import { lockGameEndpoints } from "./lock-game";
import { parseInput } from "./parse-input";
import { CreateEndpointInput } from "./schemas";
import { storeSigningSecret } from "./signing-secret-store";
import type { Resolve } from "./ssrf";
import { toEndpointView, type EndpointWithSecret } from "./views";

/** SPEC: at most 5 endpoints per game, both environments together. */
export const MAX_ENDPOINTS_PER_GAME = 5;
export const SIGNING_SECRET_PREFIX = "whsec_svc_";

export function newSigningSecret(): string {
  return newSecret(SIGNING_SECRET_PREFIX, 32);
}

/** Refuses a URL another endpoint of the same game and environment already uses. */
export async function assertUrlFree(tx: Db, scope: GameScope, url: string, exceptId?: string): Promise<void> {
  const rows = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.gameId, scope.gameId), eq(webhookEndpoints.env, scope.env), eq(webhookEndpoints.url, url)));
  if (rows.some((row) => row.id !== exceptId)) throw validationError({ url: ["An endpoint with this URL already exists"] });
}

/**
 * Creates an endpoint in the scope's environment. The signing secret is returned here once and never
 * again. The URL is checked (rules, then DNS) before the transaction, so no lock waits on the network.
 */
export async function createEndpoint(
  db: Db,
  scope: GameScope,
  input: CreateEndpointInput,
  options: { resolve?: Resolve } = {},
): Promise<EndpointWithSecret> {
  const parsed = parseInput(CreateEndpointInput, input);
  const url = await checkEndpointUrl(parsed.url, scope.env, options.resolve);
  return db.transaction(async (tx) => {
    await lockGameEndpoints(tx, scope.gameId);
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.gameId, scope.gameId));
    const current = existing?.n ?? 0;
    if (current >= MAX_ENDPOINTS_PER_GAME) {
      throw new AppError("LIMIT_REACHED", `A game has at most ${MAX_ENDPOINTS_PER_GAME} webhook endpoints (test and live together).`, {
        limit: MAX_ENDPOINTS_PER_GAME,
        current,
      });
    }
    await assertUrlFree(tx, scope, url);
    const now = clock.now();
    const id = newId();
    const signingSecret = newSigningSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        gameId: scope.gameId,
        env: scope.env,
        url,
        events: parsed.events,
        signingSecret: storeSigningSecret(id, signingSecret),
        active: parsed.active,
        consecutiveFailures: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new AppError("INTERNAL_ERROR", "The endpoint was not stored.");
    return { endpoint: toEndpointView(row), signingSecret };
  });
}
