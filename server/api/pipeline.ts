import "server-only";
import { z } from "zod";
import { type Db } from "@/db/client";
import { getDb, openedDb } from "@/server/db/connection";
import { AppError, validationError, type FieldErrors } from "@/server/lib/errors";
import { config } from "@/server/lib/config";
import { consume, rateLimitedError } from "@/server/lib/rate-limit";
import type { GameScope } from "@/server/lib/scope";
import { allowedOrigins } from "@/server/keys/allowed-origins";
import { assertNotBlocked, findPlayer, resolvePlayer } from "@/server/players/find-player";
import type { PlayerRow } from "@/server/players/player-view";
import type { PlayerRef } from "@/server/players/player-ref";
import { authenticate, type Authenticated } from "./authenticate";
import { answerMove, movePlayer } from "./money-move-answer";
import { corsHeaders, preflightAnswer, provisionalCorsHeaders } from "./cors";
import { emptyFieldErrors, toFieldErrors } from "@/server/lib/field-errors";
import type { ApiAnswer, ApiRequest } from "./api-message";
import { errorAnswer, jsonAnswer, jsonTextAnswer, mergedHeaders } from "./http";
import { requestFingerprint } from "@/server/idempotency/fingerprint";
import { readIdempotencyKey } from "@/server/idempotency/key-header";
import { claimInTransaction, findRecord, type StoredAnswer } from "@/server/idempotency/records";
import { replayAnswer } from "@/server/idempotency/replay";
import { sealFields } from "@/server/idempotency/sealed-fields";
import { NO_BODY, readJsonBody, type JsonBody } from "./json-body";
import { answerBodyText } from "@/server/lib/json-text";
import { EmptyBody, EmptyQuery, type AnyOperation, type OperationResult, type RequestFacts } from "./operation";
import { operations } from "./operations";
import { parsePlayerRefSegment, PLAYER_REF_INVALID } from "./player-ref-param";
import { createRouter } from "./router";
import { unstorableValueErrors } from "./unstorable-values";
import { logger } from "@/server/observability/logger";
import { whenCommitted } from "@/server/observability/after-commit";
import { traceApiRequest, type RequestTrace } from "@/server/api/request-log";

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
  } else if (auth.playerId) {
    outcome = await consume({ name: "client-player", points: CLIENT_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 }, auth.playerId);
  } else if (facts.clientIp) {
    outcome = await consume({ name: "client-ip", points: CLIENT_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 }, facts.clientIp);
  } else {
    return;
  }
  if (!outcome.allowed) throw rateLimitedError(outcome, "Too many requests; retry later.");
}

/** `rootName` names the checked value in a report (body, query); its field errors are added to `into`. */
function validate<T>(schema: z.ZodType<T>, input: unknown, { rootName, into }: { rootName: string; into: FieldErrors }): T | undefined {
  // Checked first without options: zod's compiled fast path of an object schema is 8x quicker
  // (docs/performance.md "Client spends"); only a refusal is parsed again for its report.
  const first = schema.safeParse(input);
  if (first.success) return first.data;
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

type CheckedRequest =
  | { ok: true; input: unknown; query: unknown; params: Record<string, string>; playerRef: PlayerRef | null }
  | { ok: false; error: AppError };

/** What the request sent: path parameters as matched, the query, and the body as read (hasBody: the operation takes one). */
type SentRequest = { rawParams: Record<string, string>; searchParams: URLSearchParams; body: JsonBody; hasBody: boolean };

/** Path, query and body checked together (SPEC convention 4); the refusal is returned, to be answered in turn. */
function checkRequest(operation: AnyOperation, { rawParams, searchParams, body, hasBody }: SentRequest): CheckedRequest {
  try {
    const fieldErrors = emptyFieldErrors();
    let playerRef: PlayerRef | null = null;
    if (rawParams.player !== undefined) {
      playerRef = parsePlayerRefSegment(rawParams.player);
      if (!playerRef) fieldErrors.player = [PLAYER_REF_INVALID];
    }
    const params = decodeParams(rawParams);
    if (body.refusal) throw body.refusal;
    if (hasBody) Object.assign(fieldErrors, unstorableValueErrors(body.value));
    const input = hasBody ? validate(operation.body ?? EmptyBody, body.value, { rootName: "body", into: fieldErrors }) : {};
    const query = validate(operation.query ?? EmptyQuery, Object.fromEntries(searchParams), { rootName: "query", into: fieldErrors });
    if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
    return { ok: true, input, query, params, playerRef };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error };
    throw error;
  }
}

/**
 * The token's player as it is now: authentication's holder may be a few seconds old (its cache), so
 * the handler gets a fresh row and a block made meanwhile on another instance is still refused.
 */
async function tokenPlayer(db: Db, scope: GameScope, playerId: string): Promise<PlayerRow> {
  const player = await findPlayer(db, scope, { kind: "id", id: playerId });
  if (!player) throw new AppError("UNAUTHENTICATED", "The player token is missing, invalid or expired; get a new token.");
  assertNotBlocked(player);
  return player;
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
    const db = openedDb() ?? (await getDb());

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
    // 4. validation of path, query and body together, so one answer lists every problem. Done once, here;
    // its refusal is answered after a stored answer had its chance.
    const checked = checkRequest(operation, { rawParams, searchParams: url.searchParams, body, hasBody });
    // A refused body has no fingerprint: it is never "the same request" as a stored one (409 under a used key).
    let fingerprint = "";
    let principal = auth.principal;
    if (idempotencyKey !== null) {
      if (body.refusal === null) fingerprint = requestFingerprint(operation.id, path, body.value);
      const narrowed = operation.idempotencyScopeFromBody?.(body.value);
      if (narrowed) principal = `${auth.principal}:${narrowed}`;
      // A valid money move looks its key up in its own statement (below); everything else here.
      if (!(operation.move && checked.ok)) {
        const stored = await findRecord(db, auth.scope, { principal, key: idempotencyKey });
        if (stored) return await replay(db, { request: { scope: auth.scope, playerId: auth.playerId, rawBody: body.value }, operation, stored, fingerprint, cors, idempotencyKey });
      }
    }
    if (!checked.ok) throw checked.error;
    const { input, query, params, playerRef } = checked;

    // 5. a money move: one statement resolves the player, checks, writes the effect and the record
    if (operation.move) {
      const claim = idempotencyKey === null ? null : { principal, key: idempotencyKey, fingerprint, operation: operation.id, status: operation.successStatus };
      const replayRequest = { scope: auth.scope, playerId: auth.playerId, rawBody: body.value };
      return await answerMove(db, {
        move: operation.move,
        moveContext: { db, scope: auth.scope, settings: auth.identity.settings, body: input, player: movePlayer(operation, auth, playerRef), claim },
        status: operation.successStatus,
        cors,
        replayOf: (stored, key) => replay(db, { request: replayRequest, operation, stored, fingerprint, cors, idempotencyKey: key }),
      });
    }

    // 6. the handler (7.: in one transaction with the record, for idempotent operations)
    const player =
      playerRef && operation.player
        ? await resolvePlayer(db, auth.scope, { ref: playerRef, createExternal: operation.player === "create" })
        : auth.playerId
          ? await tokenPlayer(db, auth.scope, auth.playerId)
          : null;
    // A function of the handler's database (the pool, or the transaction it runs in) rather than an
    // object spread into a copy: see mergedHeaders.
    const contextOn = (handlerDb: Db) => ({
      db: handlerDb,
      scope: auth.scope,
      settings: auth.identity.settings,
      keyId: auth.identity.keyId,
      body: input,
      query,
      params,
      player,
      facts,
      // The one after-commit hook (server/observability/after-commit.ts): queued until the transaction
      // the handler runs in commits, dropped on rollback, at once outside a transaction.
      afterCommit: (task: () => Promise<void>) => whenCommitted(() => void task().catch((error: unknown) => logger.error({ err: error }, "after-commit task failed"))),
    });

    const { handle } = operation;
    if (!handle) throw new AppError("INTERNAL_ERROR", `Operation ${operation.id} has neither a handler nor a money move.`);
    if (!operation.idempotent || idempotencyKey === null) {
      const result = await handle(contextOn(db));
      return jsonAnswer(result.status ?? operation.successStatus, result.body, mergedHeaders(cors, result.headers));
    }

    const key = idempotencyKey;
    try {
      const result = await db.transaction(async (tx) => {
        const outcome = await handle(contextOn(tx));
        const status = outcome.status ?? operation.successStatus;
        // The record keeps the very text this answer sends, so a replay can send it again byte for byte.
        const text = answerBodyText(outcome.body ?? null);
        const claim = { principal, key, fingerprint, operation: operation.id, status };
        const stored = await claimInTransaction(tx, auth.scope, { claim, text: sealedText(operation, { outcome, text, idempotencyKey: key }) });
        if (!stored) throw new LostIdempotencyRace();
        return { status, text, headers: outcome.headers };
      });
      return jsonTextAnswer(result.status, result.text, mergedHeaders(cors, result.headers));
    } catch (error) {
      // A twin with the same key may have committed while this one ran (or failed because of it).
      if (error instanceof LostIdempotencyRace || error instanceof AppError) {
        const stored = await findRecord(db, auth.scope, { principal, key });
        if (stored) return await replay(db, { request: { scope: auth.scope, playerId: auth.playerId, rawBody: body.value }, operation, stored, fingerprint, cors, idempotencyKey: key });
      }
      throw error;
    }
  } catch (error) {
    return errorAnswer(error, cors);
  }
}

/** The answer's text as its record keeps it: with the operation's sealed fields sealed. */
function sealedText(operation: AnyOperation, { outcome, text, idempotencyKey }: { outcome: OperationResult; text: string; idempotencyKey: string }): string {
  const fields = operation.sealedFields ?? [];
  return fields.length === 0 ? text : JSON.stringify(sealFields(outcome.body ?? null, fields, idempotencyKey));
}

/** A stored answer found for this request, and what its replay is checked against and sent with. */
type Replay = {
  request: { scope: GameScope; playerId: string | null; rawBody: unknown };
  operation: AnyOperation;
  stored: StoredAnswer;
  fingerprint: string;
  cors: Record<string, string>;
  idempotencyKey: string;
};

/** The stored answer again, as the idempotency module replays it, with this operation's rules. */
async function replay(db: Db, { request, operation, stored, fingerprint, cors, idempotencyKey }: Replay): Promise<ApiAnswer> {
  const { scope } = request;
  await operation.guardReplay?.({ db, ...request }, stored.fingerprint === fingerprint);
  const { refreshReplay } = operation;
  const rules = { sealedFields: operation.sealedFields ?? [], refresh: refreshReplay && ((original: unknown) => refreshReplay({ db, scope }, original)) };
  const answer = await replayAnswer(stored, { fingerprint, key: idempotencyKey }, rules);
  return jsonTextAnswer(answer.status, answer.text, mergedHeaders(cors, { "Idempotent-Replayed": "true" }));
}
