import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { childLogger } from "@/server/observability/logger";
import { metrics } from "@/server/observability/metrics";
import { config } from "./config";
import { AppError } from "./errors";

const log = childLogger({ module: "rate-limit" });

export type LimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** What `consume` answers: an allowed attempt also says how many are left in the window. */
export type ConsumeOutcome = { allowed: true; remainingPoints: number } | { allowed: false; retryAfterSeconds: number };

export type LimitRule = { name: string; points: number; durationSeconds: number };

type Store = { limiters: Map<string, RateLimiterAbstract>; redis?: Promise<Redis> };
const globalForLimits = globalThis as unknown as { __gamecoinLimits?: Store };

function store(): Store {
  globalForLimits.__gamecoinLimits ??= { limiters: new Map() };
  return globalForLimits.__gamecoinLimits;
}

/** How long the first requests after a start wait for Redis before the per-process insurance counts them. */
const REDIS_READY_WAIT_MS = 3_000;

/**
 * Connects before the first count. Without an offline queue every command sent before the connection
 * is ready fails, so the first requests after a start were counted per process, not in Redis. The
 * queue stays off: during a real outage a request must not wait for Redis, the insurance counts it.
 */
async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
  let reachable = true;
  // ioredis reports every failed reconnection; one line per outage is enough (the insurance counts meanwhile).
  client.on("error", (error: Error) => {
    if (reachable) log.error({ reason: error.message }, "Redis unavailable; counting per process until it is back");
    reachable = false;
  });
  client.on("ready", () => {
    reachable = true;
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, REDIS_READY_WAIT_MS);
    timer.unref();
  });
  // A failed first connection is retried in the background (ioredis' retry strategy); until then the insurance counts.
  await Promise.race([client.connect().catch(() => undefined), waited]);
  clearTimeout(timer);
  return client;
}

/** One client per process, shared by every limiter; concurrent first requests wait on the same connection. */
function redisClient(): Promise<Redis> {
  const s = store();
  s.redis ??= connectRedis(config().REDIS_URL as string);
  return s.redis;
}

function limiterId(rule: LimitRule): string {
  return `${rule.name}:${rule.points}:${rule.durationSeconds}`;
}

async function limiterFor(rule: LimitRule): Promise<RateLimiterAbstract> {
  const id = limiterId(rule);
  const existing = store().limiters.get(id);
  if (existing) return existing;
  const options = { keyPrefix: `gc:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
  const memory = new RateLimiterMemory(options);
  const limiter = config().REDIS_URL
    ? // Shared counters across instances; if Redis is down, fall back to per-process counting rather than failing requests.
      new RateLimiterRedis({ ...options, storeClient: await redisClient(), insuranceLimiter: memory })
    : memory;
  store().limiters.set(id, limiter);
  return limiter;
}

/**
 * gamecoin_rate_limit_refusals_total. `consume` counts its own refusals; a limit checked with
 * `exhausted` before its attempt calls this where it refuses (`exhausted` alone is also a mere look-up).
 */
export function countRefusal(rule: LimitRule): void {
  metrics().rateLimitRefusals.inc({ limit: rule.name });
}

/** Counts one attempt against `rule` for `key`. */
export async function consume(rule: LimitRule, key: string): Promise<ConsumeOutcome> {
  // Every API request counts here: a limiter made before is taken without a promise and a turn of its own.
  const limiter = store().limiters.get(limiterId(rule)) ?? (await limiterFor(rule));
  try {
    const state = await limiter.consume(key, 1);
    return { allowed: true, remainingPoints: state.remainingPoints };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      countRefusal(rule);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
    throw rejection;
  }
}

/**
 * Gives back one attempt `consume` counted. Limits on failed attempts count an attempt before it is
 * made (so parallel attempts cannot all pass a check made before any of them is counted) and give it
 * back when it turns out not to be a failure.
 */
export async function refund(rule: LimitRule, key: string): Promise<void> {
  const limiter = await limiterFor(rule);
  await limiter.reward(key, 1);
}

/**
 * Whether the Redis that keeps the counters writes them to disk (AOF or RDB snapshots), read with
 * CONFIG GET; null without REDIS_URL, or when the server does not allow CONFIG (managed services often
 * do not, and persist anyway). E-mail code tries, sign-in lockouts and replay tries live there: a
 * Redis that keeps nothing starts every one of them again from zero after a restart.
 */
export async function redisPersistence(): Promise<{ appendonly: string; save: string } | null> {
  if (!config().REDIS_URL) return null;
  try {
    const client = await redisClient();
    const [aof, save] = await Promise.all([client.config("GET", "appendonly"), client.config("GET", "save")]);
    const value = (reply: unknown) => (Array.isArray(reply) && typeof reply[1] === "string" ? reply[1] : "");
    return { appendonly: value(aof), save: value(save) };
  } catch {
    return null;
  }
}

/** Forgets everything `key` used of `rule`: a lockout ends at once (a password reset clears the account's). */
export async function forget(rule: LimitRule, key: string): Promise<void> {
  const limiter = await limiterFor(rule);
  await limiter.delete(key);
}

/** Tests start each case with empty counters. */
export function resetRateLimits(): void {
  store().limiters.clear();
}

/** Forgets every limiter and closes the Redis connection: the next count starts as in a new process. */
export async function closeRateLimitStore(): Promise<void> {
  const s = store();
  const redis = s.redis;
  s.limiters.clear();
  s.redis = undefined;
  if (redis) (await redis).disconnect();
}

/**
 * Whether `key` has used up `rule` (without counting an attempt): for limits on failed attempts,
 * checked before the attempt and counted only when it fails.
 */
export async function exhausted(rule: LimitRule, key: string): Promise<LimitOutcome> {
  const limiter = await limiterFor(rule);
  const state = await limiter.get(key);
  if (state && state.consumedPoints >= rule.points) {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
  }
  return { allowed: true };
}

/** Points `key` has used of `rule` in the current window (0 when none): for tests and support. */
export async function pointsUsed(rule: LimitRule, key: string): Promise<number> {
  const state = await (await limiterFor(rule)).get(key);
  return state?.consumedPoints ?? 0;
}

export function rateLimitedError(outcome: Extract<LimitOutcome, { allowed: false }>, message: string): AppError {
  return new AppError("RATE_LIMITED", message, undefined, { "Retry-After": String(outcome.retryAfterSeconds) });
}
