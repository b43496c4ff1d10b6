import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { AppError, validationError, type FieldErrors } from "@/server/lib/errors";
import { config } from "@/server/lib/config";
import { consume } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import type { KeyIdentity } from "@/server/keys/authenticate-key";
import { resolvePlayer } from "@/server/players/find-player";
import type { PlayerRef } from "@/server/players/player-ref";
import { authenticateSecretKey } from "./authenticate";
import { toFieldErrors } from "./field-errors";
import { errorResponse, jsonResponse } from "./http";
import { findStoredResponse, readIdempotencyKey, requestFingerprint, storeResponse } from "./idempotency";
import { EmptyBody, EmptyQuery, type AnyOperation, type OperationResult, type RequestFacts } from "./operation";
import { operations } from "./operations";
import { parsePlayerRefSegment, PLAYER_REF_INVALID } from "./player-ref-param";
import { parseJsonBody, readBodyText } from "./read-body";
import { createRouter } from "./router";

export const API_PREFIX = "/api/v1";
const route = createRouter(operations);

/** Thrown inside the transaction when a same-key twin committed first; the transaction rolls back. */
class LostIdempotencyRace extends Error {}

type Authenticated = { identity: KeyIdentity; principal: string; scope: GameScope };

async function authenticate(db: Db, operation: AnyOperation, request: Request): Promise<Authenticated> {
  if (operation.auth !== "secret") throw new AppError("NOT_FOUND", "Route not found.");
  const identity = await authenticateSecretKey(db, request.headers);
  return { identity, principal: "server", scope: { gameId: identity.gameId, env: identity.env } };
}

async function enforceRateLimit(auth: Authenticated): Promise<void> {
  const outcome = await consume(
    { name: "server", points: config().SERVER_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 },
    auth.identity.keyId,
  );
  if (!outcome.allowed) {
    throw new AppError("RATE_LIMITED", "Too many requests for this key; retry later.", undefined, {
      "Retry-After": String(outcome.retryAfterSeconds),
    });
  }
}

function validate<T>(schema: z.ZodType<T>, input: unknown, rootName: string, into: FieldErrors): T | undefined {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  Object.assign(into, toFieldErrors(parsed.error, rootName));
  return undefined;
}

function decodeParams(raw: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (name === "player") continue;
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      throw validationError({ [name]: ["Malformed percent-encoding"] });
    }
  }
  return decoded;
}

function replayResponse(status: number, body: unknown): Response {
  return jsonResponse(status, body, { "Idempotent-Replayed": "true" });
}

/** The one implementation of every /api/v1 route (DESIGN "A request, end to end"). */
export async function handleApiRequest(request: Request, facts: RequestFacts): Promise<Response> {
  try {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const match = route(request.method, path);
    if (match.kind === "not_found") throw new AppError("NOT_FOUND", `No route ${request.method} ${API_PREFIX}${path}.`);
    if (match.kind === "method_not_allowed") {
      throw new AppError("METHOD_NOT_ALLOWED", `${request.method} is not allowed here; use ${match.allowed.join(", ")}.`, undefined, {
        Allow: match.allowed.join(", "),
      });
    }
    const { operation, rawParams } = match;
    const db = await getDb();

    // 1. authentication, 2. rate limit
    const auth = await authenticate(db, operation, request);
    await enforceRateLimit(auth);

    // 3. idempotency key: a stored answer wins over everything that follows
    const hasBody = request.method !== "GET";
    const bodyText = hasBody ? await readBodyText(request) : "";
    let idempotencyKey: string | null = null;
    let fingerprint = "";
    if (operation.idempotent) {
      idempotencyKey = readIdempotencyKey(request.headers.get("idempotency-key"));
      let fingerprintBody: unknown;
      try {
        fingerprintBody = parseJsonBody(bodyText);
      } catch {
        fingerprintBody = bodyText;
      }
      fingerprint = requestFingerprint(operation.id, path, fingerprintBody);
      const stored = await findStoredResponse(db, auth.scope, auth.principal, idempotencyKey);
      if (stored) return await replay(db, auth.scope, operation, stored, fingerprint);
    }

    // 4. validation of path, query and body together, so one answer lists every problem
    const fieldErrors: FieldErrors = {};
    let playerRef: PlayerRef | null = null;
    if (rawParams.player !== undefined) {
      playerRef = parsePlayerRefSegment(rawParams.player);
      if (!playerRef) fieldErrors.player = [PLAYER_REF_INVALID];
    }
    const params = decodeParams(rawParams);
    const rawBody = hasBody ? parseJsonBody(bodyText) : {};
    if (hasBody && (rawBody === null || typeof rawBody !== "object" || Array.isArray(rawBody))) {
      throw validationError({ body: ["Must be a JSON object"] });
    }
    const body = hasBody ? validate(operation.body ?? EmptyBody, rawBody, "body", fieldErrors) : {};
    const query = validate(operation.query ?? EmptyQuery, Object.fromEntries(url.searchParams), "query", fieldErrors);
    if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);

    // 5. the handler
    const player =
      playerRef && operation.player
        ? await resolvePlayer(db, auth.scope, playerRef, { createExternal: operation.player === "create" })
        : null;
    const context = {
      scope: auth.scope,
      settings: auth.identity.settings,
      keyId: auth.identity.keyId,
      body,
      query,
      params,
      player,
      facts,
    };

    if (!operation.idempotent || idempotencyKey === null) {
      const result = await operation.handle({ ...context, db });
      return jsonResponse(result.status ?? operation.successStatus, result.body, result.headers);
    }

    const key = idempotencyKey;
    try {
      const result: OperationResult = await db.transaction(async (tx) => {
        const outcome = await operation.handle({ ...context, db: tx });
        const status = outcome.status ?? operation.successStatus;
        const stored = await storeResponse(tx, auth.scope, {
          principal: auth.principal,
          key,
          fingerprint,
          operation: operation.id,
          status,
          body: outcome.body,
        });
        if (!stored) throw new LostIdempotencyRace();
        return { ...outcome, status };
      });
      return jsonResponse(result.status ?? operation.successStatus, result.body, result.headers);
    } catch (error) {
      // A twin with the same key may have committed while this one ran (or failed because of it).
      if (error instanceof LostIdempotencyRace || error instanceof AppError) {
        const stored = await findStoredResponse(db, auth.scope, auth.principal, key);
        if (stored) return await replay(db, auth.scope, operation, stored, fingerprint);
      }
      throw error;
    }
  } catch (error) {
    return errorResponse(error);
  }
}

async function replay(
  db: Db,
  scope: GameScope,
  operation: AnyOperation,
  stored: { fingerprint: string; status: number; body: unknown },
  fingerprint: string,
): Promise<Response> {
  if (stored.fingerprint !== fingerprint) {
    throw new AppError("IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used for a different request.");
  }
  const body = operation.refreshReplay ? await operation.refreshReplay({ db, scope }, stored.body) : stored.body;
  // A created resource replays as 200 (SPEC: checkout 201 new, 200 replay).
  const status = stored.status === 201 ? 200 : stored.status;
  return replayResponse(status, body);
}
