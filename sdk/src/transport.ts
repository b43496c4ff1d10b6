import { errorFromResponse, GamecoinError } from "./errors.js";
import { routes, type OperationId } from "./generated/routes.js";
import type { RequestOptions } from "./types.js";

export type RetryPolicy = {
  /** Retries after the first attempt (default 2). */
  maxRetries: number;
  /** First backoff step in ms (default 500), doubled at each retry, with jitter. */
  initialDelayMs: number;
  /** Longest wait before one retry, in ms (default 60 000): a `Retry-After` beyond it is not waited for, the call fails with its 429. */
  maxDelayMs: number;
};

export type TransportConfig = {
  baseUrl: string;
  retry: RetryPolicy;
  fetch: typeof fetch;
  /** Credentials of an attempt: the key headers (and the player token, which can change between attempts). */
  authHeaders: (attempt: { refreshed: boolean }) => Promise<Record<string, string>> | Record<string, string>;
  /** Whether a 401 may be answered by fetching a new token once (token routes of the browser client). */
  refreshOn401: boolean;
};

export type Call = {
  operation: OperationId;
  pathParams?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  options?: RequestOptions;
};

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 60_000 };

/**
 * Operations whose effect a lost answer cannot tell: a retry after a network error or a 5xx could do it
 * twice (SPEC: read the order before retrying a refund). A 429 is retried everywhere: nothing was done.
 */
const NOT_RETRIED_AFTER_FAILURE = new Set<OperationId>(["refundOrder", "createAnonymousPlayer"]);

export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  if (!/^https?:\/\//.test(trimmed)) throw new TypeError(`baseUrl must be an absolute http(s) URL ending in /api/v1, got ${baseUrl}`);
  return trimmed;
}

/**
 * A player reference as the path carries it: a service id as is, `ext:<id>` with the id URL-encoded
 * exactly once (the SDK takes the plain id: `ext:player 42` becomes `ext:player%2042`).
 */
export function encodePlayerRef(player: string): string {
  if (player.startsWith("ext:")) return `ext:${encodeURIComponent(player.slice(4))}`;
  return encodeURIComponent(player);
}

function buildUrl(baseUrl: string, path: string, { pathParams = {}, query }: Pick<Call, "pathParams" | "query">): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pathParams[name];
    if (value === undefined || value === "") throw new TypeError(`missing path parameter ${name}`);
    return name === "player" ? encodePlayerRef(value) : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${filled}${qs ? `?${qs}` : ""}`;
}

function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Exponential backoff with full jitter in its upper half, so many clients do not retry in step. */
function backoffMs(policy: RetryPolicy, retry: number): number {
  const step = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retry);
  return step / 2 + Math.random() * (step / 2);
}

function isRetriableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * One API call: the same Idempotency-Key on every attempt; retries on network errors, 5xx and 429
 * (waiting `Retry-After` when the answer names it, else exponential backoff) up to maxRetries; on a
 * token route, one new token after a 401. Resolves with the success body, rejects with GamecoinError.
 */
export async function send<T>(config: TransportConfig, call: Call): Promise<T> {
  const route = routes[call.operation];
  const options = call.options ?? {};
  const url = buildUrl(config.baseUrl, route.path, call);
  const idempotencyKey = route.idempotent ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const maxRetries = options.maxRetries ?? config.retry.maxRetries;
  const body = route.method === "GET" ? undefined : JSON.stringify(call.body ?? {});
  const mayRetryFailure = !NOT_RETRIED_AFTER_FAILURE.has(call.operation);
  let retries = 0;
  let refreshed = false;
  for (;;) {
    const headers: Record<string, string> = { accept: "application/json", ...options.headers, ...(await config.authHeaders({ refreshed })) };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
    let response: Response;
    try {
      response = await config.fetch(url, { method: route.method, headers, body, signal: options.signal });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      if (!mayRetryFailure || retries >= maxRetries) {
        throw new GamecoinError({ status: 0, code: "NETWORK_ERROR", message: `no answer from ${route.method} ${route.path}`, cause });
      }
      await sleep(backoffMs(config.retry, retries), options.signal);
      retries += 1;
      continue;
    }
    const text = await response.text();
    if (response.ok) return parseSuccess<T>(response, text);
    const error = errorFromResponse(response, text);
    if (response.status === 401 && config.refreshOn401 && !refreshed) {
      // SPEC convention 9: a new token, then the same request with the same Idempotency-Key.
      refreshed = true;
      continue;
    }
    const retriable = isRetriableStatus(response.status) && (response.status === 429 || mayRetryFailure);
    if (!retriable || retries >= maxRetries) throw error;
    const delay = error.retryAfter !== null ? error.retryAfter * 1000 : backoffMs(config.retry, retries);
    if (delay > config.retry.maxDelayMs) throw error;
    await sleep(delay, options.signal);
    retries += 1;
  }
}

function parseSuccess<T>(response: Response, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new GamecoinError({ status: response.status, code: "INVALID_RESPONSE", message: `HTTP ${response.status} with a body that is not JSON`, cause });
  }
}
