import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { GameSettings } from "@/server/games/game-settings";
import type { IdempotencyClaim } from "@/server/idempotency/claim";
import type { GameScope } from "@/server/lib/scope";
import type { MovePlayer } from "@/server/money-moves/money-move";
import type { MoveAnswer } from "@/server/money-moves/submit-move";
import type { PlayerRow } from "@/server/players/player-view";
import type { JsonText } from "@/server/lib/json-text";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type AuthMode = "secret" | "publishable" | "player";

/** Facts about the HTTP request that handlers may need, already read from it. */
export type RequestFacts = {
  origin: string | null;
  acceptLanguage: string | null;
  clientIp: string | null;
};

export type OperationContext<TBody, TQuery, TPlayer extends PlayerRow | null = PlayerRow | null> = {
  /** The request's transaction for idempotent operations, else the pool. */
  db: Db;
  scope: GameScope;
  settings: GameSettings;
  keyId: string;
  body: TBody;
  query: TQuery;
  /** Decoded path parameters other than `{player}`. */
  params: Record<string, string>;
  /**
   * The `{player}` of a server route (resolved before the handler; creation of `ext:` players commits
   * on its own), or the token's player on a client route: never null where the operation declares
   * `player` or `auth: "player"` (defineOperation types it so).
   */
  player: TPlayer;
  facts: RequestFacts;
  /** Work that must wait until the request's transaction has committed (e-mails). */
  afterCommit: (task: () => Promise<void>) => void;
};

/** A handler's answer; its body is a value, or JSON text a database builder already wrote (JsonText). */
export type OperationResult<TResult = unknown> = { status?: number; body: TResult | JsonText<TResult>; headers?: Record<string, string> };

/**
 * What a money move operation gets (a spend, a grant, a purchase): the request validated, the player
 * as the request names them, not looked up (the move's statement resolves them, and creates an unknown
 * `ext:` one for a server write), and the idempotency record its statement writes with the move.
 */
export type MoveContext<TBody> = {
  db: Db;
  scope: GameScope;
  settings: GameSettings;
  body: TBody;
  player: MovePlayer;
  claim: IdempotencyClaim | null;
};

export type Operation<TBody = unknown, TQuery = unknown, TResponse extends z.ZodType = z.ZodType> = {
  /** SPEC's operation name, also the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** Relative to /api/v1, with `{name}` parameters. */
  path: string;
  summary: string;
  /** The SPEC rules that matter to the caller, shown in the OpenAPI document and /docs. */
  description: string;
  tag: string;
  auth: AuthMode;
  idempotent: boolean;
  /** How the `{player}` parameter is resolved: a read answers 404 for unknown players, `create` makes `ext:` ones. */
  player?: "read" | "create";
  body?: z.ZodType<TBody>;
  query?: z.ZodType<TQuery>;
  /** The success body's schema: the document shows it and the handler must return its shape. */
  response: TResponse;
  successStatus: number;
  /** Extra documented error codes (besides the pipeline's own). */
  errors?: string[];
  /**
   * The operation's one domain call. An idempotent handler runs in one transaction with the request's
   * record, which the pipeline writes after it.
   */
  handle?: (ctx: OperationContext<TBody, TQuery>) => Promise<OperationResult<z.output<TResponse>>>;
  /**
   * Instead of `handle`, for money moves: one statement (batched with the moves of the moment,
   * docs/architecture.md "Money") resolves the player, checks everything, writes the effect and the
   * record, and answers the JSON text the record keeps; a refusal is thrown as its SPEC error, a key with
   * a record is replayed by the pipeline. No transaction, no look-up before it.
   */
  move?: (ctx: MoveContext<TBody>) => Promise<MoveAnswer>;
  /** Response fields kept sealed in the idempotency record (player secrets, tokens). */
  sealedFields?: readonly string[];
  /**
   * Requests without a player token share one idempotency scope per environment; an operation can
   * narrow it with a value of the body (the e-mail of a sign-in), so two devices never share keys.
   */
  idempotencyScopeFromBody?: (rawBody: unknown) => string | null;
  /** A replayed answer may be refreshed: a checkout returns its order in its current state. */
  refreshReplay?: (ctx: { db: Db; scope: GameScope }, stored: unknown) => Promise<unknown>;
  /**
   * Runs before a stored answer is replayed or refused as another request (409), with whether this
   * request matches the stored one. An answer that proved something (an e-mail code) must not become an
   * oracle for whoever knows the key: the guard counts a mismatch as a failed try and may refuse.
   */
  guardReplay?: (ctx: { db: Db; scope: GameScope; playerId: string | null; rawBody: unknown }, matches: boolean) => Promise<void>;
};

export type AnyOperation = Operation<unknown, unknown>;

/**
 * An operation whose handler always has a player: its `{player}` is resolved (`player`), or its caller
 * is a player (`auth: "player"`, the token's player). The pipeline resolves it before the handler.
 */
type PlayerOperation<TBody, TQuery, TResponse extends z.ZodType> = Omit<Operation<TBody, TQuery, TResponse>, "handle" | "move" | "player" | "auth"> &
  ({ player: "read" | "create"; auth: AuthMode } | { auth: "player"; player?: "read" | "create" }) & {
    handle: (ctx: OperationContext<TBody, TQuery, PlayerRow>) => Promise<OperationResult<z.output<TResponse>>>;
  };

/** An operation with no player of its own: its handler is given none. */
type PlayerlessOperation<TBody, TQuery, TResponse extends z.ZodType> = Omit<Operation<TBody, TQuery, TResponse>, "handle" | "move" | "player" | "auth"> & {
  auth: Exclude<AuthMode, "player">;
  player?: undefined;
  handle: (ctx: OperationContext<TBody, TQuery, PlayerRow | null>) => Promise<OperationResult<z.output<TResponse>>>;
};

/**
 * A money move: idempotent, for the `{player}` of a server write (an unknown `ext:` one is created) or
 * the token's player; its `move` answers, no handler.
 */
type MoveOperation<TBody, TResponse extends z.ZodType> = Omit<Operation<TBody, Record<string, never>, TResponse>, "handle" | "move" | "player" | "auth" | "idempotent" | "query"> &
  ({ player: "create"; auth: "secret" } | { auth: "player"; player?: undefined }) & {
    idempotent: true;
    move: (ctx: MoveContext<TBody>) => Promise<MoveAnswer>;
  };

/**
 * Keeps the body, query and response types of one declaration checked against its handler: a handler
 * returning another shape than `response` does not compile. The types are inferred from the schemas.
 * A handler of an operation that resolves a player receives `player: PlayerRow`, never null.
 */
export function defineOperation<TBody = Record<string, never>, TQuery = Record<string, never>, TResponse extends z.ZodType = z.ZodType>(
  operation: PlayerOperation<TBody, TQuery, TResponse>,
): AnyOperation;
export function defineOperation<TBody = Record<string, never>, TQuery = Record<string, never>, TResponse extends z.ZodType = z.ZodType>(
  operation: PlayerlessOperation<TBody, TQuery, TResponse>,
): AnyOperation;
export function defineOperation(operation: unknown): AnyOperation {
  return operation as AnyOperation;
}

/** A money move's declaration (MoveOperation): the same checks, with `move` in place of a handler. */
export function defineMoveOperation<TBody = Record<string, never>, TResponse extends z.ZodType = z.ZodType>(operation: MoveOperation<TBody, TResponse>): AnyOperation {
  return operation as AnyOperation;
}

export const EmptyBody = z.strictObject({});
export const EmptyQuery = z.strictObject({});
