import "server-only";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError, validationError } from "@/server/lib/errors";
import { newId } from "@/server/lib/ids";
import type { GameScope } from "@/server/lib/scope";
import { newSecret } from "@/server/lib/secrets";
import { checkEndpointUrl, endpointUrlProblem } from "./endpoint-url";
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

/**
 * Options of the fixture loader (server/fixtures) only, never passed by the API or the dashboard: the
 * file's own signing secret (sealed exactly like a generated one; omitted: generated, or kept on update),
 * and no DNS lookup, since a fixture may name hosts that do not resolve where it is loaded. The rules
 * without network still apply, and the resolved address is checked again at every send.
 */
export type LoadingFixture = { signingSecret?: string };

export type EndpointWriteOptions = { resolve?: Resolve; loadingFixture?: LoadingFixture };

/** The normalized URL, or VALIDATION_FAILED with `fieldErrors.url`. */
export async function checkedEndpointUrl(raw: string, env: GameScope["env"], options: EndpointWriteOptions): Promise<string> {
  if (!options.loadingFixture) return checkEndpointUrl(raw, env, options.resolve);
  const problem = endpointUrlProblem(raw, env);
  if (problem) throw validationError({ url: [problem] });
  return new URL(raw).href;
}

export type EndpointUrlUse = { url: string; exceptId?: string };

/** Refuses a URL another endpoint of the same game and environment already uses. */
export async function assertUrlFree(tx: Db, scope: GameScope, { url, exceptId }: EndpointUrlUse): Promise<void> {
  const rows = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.gameId, scope.gameId), eq(webhookEndpoints.env, scope.env), eq(webhookEndpoints.url, url)));
  if (rows.some((row) => row.id !== exceptId)) throw validationError({ url: ["An endpoint with this URL already exists"] });
}

export type CreateEndpointOptions = { input: CreateEndpointInput } & EndpointWriteOptions;

/**
 * Creates an endpoint in the scope's environment. The signing secret is returned here once and never
 * again. The URL is checked (rules, then DNS) before the transaction, so no lock waits on the network.
 */
export async function createEndpoint(db: Db, scope: GameScope, { input, ...options }: CreateEndpointOptions): Promise<EndpointWithSecret> {
  const parsed = parseInput(CreateEndpointInput, input);
  const url = await checkedEndpointUrl(parsed.url, scope.env, options);
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
    await assertUrlFree(tx, scope, { url });
    const now = clock.now();
    const id = newId();
    const signingSecret = options.loadingFixture?.signingSecret ?? newSigningSecret();
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
