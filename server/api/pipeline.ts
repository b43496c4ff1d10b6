import "server-only";
import { z } from "zod";
import { type Db } from "@/db/client";
import { getDb } from "@/server/db/connection";
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
import { emptyFieldErrors, toFieldErrors } from "@/server/lib/field-errors";
import type { ApiAnswer, ApiRequest } from "./api-message";
import { errorAnswer, jsonAnswer, jsonTextAnswer } from "./http";
import { findStoredResponse, readIdempotencyKey, requestFingerprint, storeResponse, type StoredResponse } from "./idempotency";
import { NO_BODY, readJsonBody } from "./json-body";
import { EmptyBody, EmptyQuery, type AnyOperation, type OperationResult, type RequestFacts } from "./operation";
import { operations } from "./operations";
import { parsePlayerRefSegment, PLAYER_REF_INVALID } from "./player-ref-param";
import { createRouter } from "./router";
import { sealFields, unsealFields } from "./sealed-fields";
import { unstorableValueErrors } from "./unstorable-values";
import { logger } from "@/server/observability/logger";
import { traceApiRequest, type RequestTrace } from "@/server/observability/request-log";

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
  // Added to what the field already has (an unstorable metadata key is also a key of the wrong shape).
  for (const [name, messages] of Object.entries(toFieldErrors(parsed.error, rootName))) into[name] = [...(into[name] ?? []), ...messages];
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
      logger.error({ err: error }, "after-commit task failed");
    }
  }
}

/** The one implementation of every /api/v1 route (DESIGN "A request, end to end"), logged and timed. */
export function handleApiRequest(request: ApiRequest, facts: RequestFacts): Promise<ApiAnswer> {
  return traceApiRequest(request, (trace) => answerApiRequest(request, facts, trace));
}

async function answerApiRequest(request: ApiRequest, facts: RequestFacts, trace: RequestTrace): Promise<ApiAnswer> {
  let cors: Record<string, string> = {};
  try {
    const url = new URL(request.url, "http://localhost");
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const client = isClientPath(path);
    const match = route(request.method, path);
    if (client && request.method === "OPTIONS" && match.kind === "method_not_allowed") {
      trace.operation = "preflight";
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
    trace.operation = operation.id;
    trace.route = API_PREFIX + operation.path;
    const db = await getDb();

    // 1. authentication (and, for browsers, the game's allowed origins), 2. rate limit
    const auth = await authenticate(db, operation.auth, request.headers);
    trace.gameId = auth.scope.gameId;
    trace.env = auth.scope.env;
    if (client) cors = corsHeaders(facts.origin, await allowedOrigins(db, auth.scope), auth.scope.env);
    await enforceRateLimit(auth, facts);

    // 3. idempotency key (checked before the body is read): a stored answer wins over everything that follows
    const idempotencyKey = operation.idempotent ? readIdempotencyKey(request.headers.get("idempotency-key")) : null;
    const hasBody = request.method !== "GET";
    const body = hasBody ? readJsonBody(await request.readBody(), request.headers.get("content-type")) : NO_BODY;
    // A refused body has no fingerprint: it is never "the same request" as a stored one (409 under a used key).
    let fingerprint = "";
    let principal = auth.principal;
    if (idempotencyKey !== null) {
      if (body.refusal === null) fingerprint = requestFingerprint(operation.id, path, body.value);
      const narrowed = operation.idempotencyScopeFromBody?.(body.value);
      if (narrowed) principal = `${auth.principal}:${narrowed}`;
      if (operation.fastPath && body.refusal === null) {
        const claim = { principal, key: idempotencyKey, fingerprint, operation: operation.id, status: operation.successStatus };
        const request = { rawParams, searchParams: url.searchParams, body: body.value };
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
    if (body.refusal) throw body.refusal;
    if (hasBody) Object.assign(fieldErrors, unstorableValueErrors(body.value));
    const input = hasBody ? validate(operation.body ?? EmptyBody, body.value, "body", fieldErrors) : {};
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
      body: input,
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
      const result = await db.transaction(async (tx) => {
        const outcome = await operation.handle({ ...context, db: tx });
        const status = outcome.status ?? operation.successStatus;
        // The record keeps the very text this answer sends, so a replay can send it again byte for byte.
        const text = JSON.stringify(outcome.body ?? null);
        const stored = await storeResponse(tx, auth.scope, {
          principal,
          key,
          fingerprint,
          operation: operation.id,
          status,
          text: sealedText(operation, outcome, text, key),
        });
        if (!stored) throw new LostIdempotencyRace();
        return { status, text, headers: outcome.headers };
      });
      await runAfterCommit(afterCommit);
      return jsonTextAnswer(result.status, result.text, { ...cors, ...result.headers });
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

/** The answer's text as its record keeps it: with the operation's sealed fields sealed. */
function sealedText(operation: AnyOperation, outcome: OperationResult, text: string, idempotencyKey: string): string {
  const fields = operation.sealedFields ?? [];
  return fields.length === 0 ? text : JSON.stringify(sealFields(outcome.body ?? null, fields, idempotencyKey));
}

/**
 * SPEC: a replay is "the original response": the stored text goes out unchanged. Sealed fields are
 * opened in place (JSON.stringify of the parsed text writes the same bytes again, as that text was
 * JSON.stringify's own); an operation may refresh its answer instead (a checkout's order as it is now,
 * a fast-path money move rebuilt from its ledger entry).
 */
async function replay(
  db: Db,
  scope: GameScope,
  operation: AnyOperation,
  stored: StoredResponse,
  fingerprint: string,
  cors: Record<string, string>,
  idempotencyKey: string,
): Promise<ApiAnswer> {
  if (stored.fingerprint !== fingerprint) {
    throw new AppError("IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used for a different request.");
  }
  // A created resource replays as 200 (SPEC: checkout 201 new, 200 replay).
  const status = stored.status === 201 ? 200 : stored.status;
  const headers = { ...cors, "Idempotent-Replayed": "true" };
  const sealed = operation.sealedFields ?? [];
  if (sealed.length === 0 && !operation.refreshReplay) return jsonTextAnswer(status, stored.text, headers);
  const parsed: unknown = JSON.parse(stored.text);
  const original = unsealFields(parsed, sealed, idempotencyKey);
  const body = operation.refreshReplay ? await operation.refreshReplay({ db, scope }, original) : original;
  // Nothing opened or refreshed (a money move the ordinary path answered in full): the stored text.
  if (body === parsed) return jsonTextAnswer(status, stored.text, headers);
  return jsonAnswer(status, body, headers);
}
