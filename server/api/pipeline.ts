import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { AppError, validationError, type FieldErrors } from "@/server/lib/errors";
import { config } from "@/server/lib/config";
import { consume, rateLimitedError } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { allowedOrigins } from "@/server/keys/allowed-origins";
import { resolvePlayer } from "@/server/players/find-player";
import type { PlayerRef } from "@/server/players/player-ref";
import { authenticate, type Authenticated } from "./authenticate";
import { tryFastPath } from "./fast-path";
import { corsHeaders, preflightAnswer, provisionalCorsHeaders } from "./cors";
import { emptyFieldErrors, toFieldErrors } from "./field-errors";
import type { ApiAnswer, ApiRequest } from "./api-message";
import { errorAnswer, jsonAnswer } from "./http";
import { findStoredResponse, readIdempotencyKey, requestFingerprint, storeResponse } from "./idempotency";
import { EmptyBody, EmptyQuery, type AnyOperation, type OperationResult, type RequestFacts } from "./operation";
import { operations } from "./operations";
import { parsePlayerRefSegment, PLAYER_REF_INVALID } from "./player-ref-param";
import { unstorableValueErrors, parseJsonBody } from "./read-body";
import { createRouter } from "./router";
import { sealFields, unsealFields } from "./sealed-fields";

export const API_PREFIX = "/api/v1";
const route = createRouter(operations);

/** Thrown inside the transaction when a same-key twin committed first; the transaction rolls back. */
class LostIdempotencyRace extends Error {}

function isClientPath(path: string): boolean {
  return path === "/client" || path.startsWith("/client/");
}

async function enforceRateLimit(auth: Authenticated, facts: RequestFacts): Promise<void> {
  const { SERVER_RATE_LIMIT_PER_MINUTE, CLIENT_RATE_LIMIT_PER_MINUTE } = config();
  let outcome;
  if (auth.principal === "server") {
    outcome = await consume({ name: "server", points: SERVER_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 }, auth.identity.keyId);
  } else if (auth.player) {
    outcome = await consume({ name: "client-player", points: CLIENT_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 }, auth.player.id);
  } else if (facts.clientIp) {
    outcome = await consume({ name: "client-ip", points: CLIENT_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 }, facts.clientIp);
  } else {
    return;
  }
  if (!outcome.allowed) throw rateLimitedError(outcome, "Too many requests; retry later.");
}

function validate<T>(schema: z.ZodType<T>, input: unknown, rootName: string, into: FieldErrors): T | undefined {
  // reportInput: a field that was sent with a bad value is not reported as "Required".
  const parsed = schema.safeParse(input, { reportInput: true });
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

async function runAfterCommit(tasks: (() => Promise<void>)[]): Promise<void> {
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      console.error("[api] after-commit task failed", error);
    }
  }
}

/** The one implementation of every /api/v1 route (DESIGN "A request, end to end"). */
export async function handleApiRequest(request: ApiRequest, facts: RequestFacts): Promise<ApiAnswer> {
  let cors: Record<string, string> = {};
  try {
    const url = new URL(request.url, "http://localhost");
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const client = isClientPath(path);
    const match = route(request.method, path);
    if (client && request.method === "OPTIONS" && match.kind === "method_not_allowed") {
      return preflightAnswer(facts.origin, match.allowed);
    }
    if (client) cors = provisionalCorsHeaders(facts.origin);
    if (match.kind === "not_found") throw new AppError("NOT_FOUND", `No route ${request.method} ${API_PREFIX}${path}.`);
    if (match.kind === "method_not_allowed") {
      throw new AppError("METHOD_NOT_ALLOWED", `${request.method} is not allowed here; use ${match.allowed.join(", ")}.`, undefined, {
        Allow: match.allowed.join(", "),
      });
    }
    const { operation, rawParams } = match;
    const db = await getDb();

    // 1. authentication (and, for browsers, the game's allowed origins), 2. rate limit
    const auth = await authenticate(db, operation.auth, request.headers);
    if (client) cors = corsHeaders(facts.origin, await allowedOrigins(db, auth.scope), auth.scope.env);
    await enforceRateLimit(auth, facts);

    // 3. idempotency key (checked before the body is read): a stored answer wins over everything that follows
    const idempotencyKey = operation.idempotent ? readIdempotencyKey(request.headers.get("idempotency-key")) : null;
    const hasBody = request.method !== "GET";
    const bodyText = hasBody ? await request.readBody() : "";
    let fingerprint = "";
    let principal = auth.principal;
    if (idempotencyKey !== null) {
      let fingerprintBody: unknown;
      try {
        fingerprintBody = parseJsonBody(bodyText);
      } catch {
        fingerprintBody = bodyText;
      }
      fingerprint = requestFingerprint(operation.id, path, fingerprintBody);
      const narrowed = operation.idempotencyScopeFromBody?.(fingerprintBody);
      if (narrowed) principal = `${auth.principal}:${narrowed}`;
      if (operation.fastPath) {
        const claim = { principal, key: idempotencyKey, fingerprint, operation: operation.id };
        const request = { rawParams, searchParams: url.searchParams, body: fingerprintBody };
        const result = await tryFastPath(db, operation, auth, request, claim);
        if (result) return jsonAnswer(result.status ?? operation.successStatus, result.body, { ...cors, ...result.headers });
      }
      const stored = await findStoredResponse(db, auth.scope, principal, idempotencyKey);
      if (stored) return await replay(db, auth.scope, operation, stored, fingerprint, cors, idempotencyKey);
    }

    // 4. validation of path, query and body together, so one answer lists every problem
    const fieldErrors = emptyFieldErrors();
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
    if (hasBody) Object.assign(fieldErrors, unstorableValueErrors(rawBody));
    const body = hasBody ? validate(operation.body ?? EmptyBody, rawBody, "body", fieldErrors) : {};
    const query = validate(operation.query ?? EmptyQuery, Object.fromEntries(url.searchParams), "query", fieldErrors);
    if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);

    // 5. the handler
    const player =
      playerRef && operation.player
        ? await resolvePlayer(db, auth.scope, playerRef, { createExternal: operation.player === "create" })
        : auth.player;
    const afterCommit: (() => Promise<void>)[] = [];
    const context = {
      scope: auth.scope,
      settings: auth.identity.settings,
      keyId: auth.identity.keyId,
      body,
      query,
      params,
      player,
      facts,
      afterCommit: (task: () => Promise<void>) => {
        afterCommit.push(task);
      },
    };

    if (!operation.idempotent || idempotencyKey === null) {
      const result = await operation.handle({ ...context, db });
      await runAfterCommit(afterCommit);
      return jsonAnswer(result.status ?? operation.successStatus, result.body, { ...cors, ...result.headers });
    }

    const key = idempotencyKey;
    try {
      const result: OperationResult = await db.transaction(async (tx) => {
        const outcome = await operation.handle({ ...context, db: tx });
        const status = outcome.status ?? operation.successStatus;
        const stored = await storeResponse(tx, auth.scope, {
          principal,
          key,
          fingerprint,
          operation: operation.id,
          status,
          body: sealFields(outcome.body, operation.sealedFields ?? [], key),
        });
        if (!stored) throw new LostIdempotencyRace();
        return { ...outcome, status };
      });
      await runAfterCommit(afterCommit);
      return jsonAnswer(result.status ?? operation.successStatus, result.body, { ...cors, ...result.headers });
    } catch (error) {
      // A twin with the same key may have committed while this one ran (or failed because of it).
      if (error instanceof LostIdempotencyRace || error instanceof AppError) {
        const stored = await findStoredResponse(db, auth.scope, principal, key);
        if (stored) return await replay(db, auth.scope, operation, stored, fingerprint, cors, key);
      }
      throw error;
    }
  } catch (error) {
    return errorAnswer(error, cors);
  }
}

async function replay(
  db: Db,
  scope: GameScope,
  operation: AnyOperation,
  stored: { fingerprint: string; status: number; body: unknown },
  fingerprint: string,
  cors: Record<string, string>,
  idempotencyKey: string,
): Promise<ApiAnswer> {
  if (stored.fingerprint !== fingerprint) {
    throw new AppError("IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used for a different request.");
  }
  const original = unsealFields(stored.body, operation.sealedFields ?? [], idempotencyKey);
  const body = operation.refreshReplay ? await operation.refreshReplay({ db, scope }, original) : original;
  // A created resource replays as 200 (SPEC: checkout 201 new, 200 replay).
  const status = stored.status === 201 ? 200 : stored.status;
  return jsonAnswer(status, body, { ...cors, "Idempotent-Replayed": "true" });
}
