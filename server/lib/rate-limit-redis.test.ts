/**
 * With REDIS_URL set, limits count in Redis from the first request after a start (needs the local
 * Redis, or TEST_REDIS_URL). Each case uses a rule name of its own and deletes its keys.
 */
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deleteLimitKeys, redisReader, useMemoryStore, useRedisStore } from "@/tests/redis-store";
import { newId } from "./ids";
import { consume, pointsUsed, type LimitRule } from "./rate-limit";

let reader: Redis;
const names: string[] = [];

function freshRule(points = 100): LimitRule {
  const name = `test-redis-${newId()}`;
  names.push(name);
  return { name, points, durationSeconds: 60 };
}

beforeAll(() => {
  reader = redisReader();
});
afterEach(async () => {
  await useMemoryStore();
  await deleteLimitKeys(reader, names.splice(0));
});
afterAll(() => {
  reader.disconnect();
});

describe("rate limits with REDIS_URL", () => {
  it("counts the very first attempt after a start in Redis", async () => {
    await useRedisStore();
    const rule = freshRule();
    expect(await consume(rule, "first")).toEqual({ allowed: true, remainingPoints: 99 });
    expect(await reader.get(`gc:${rule.name}:first`)).toBe("1");
  });

  it("counts every one of 25 parallel first attempts in Redis", async () => {
    await useRedisStore();
    const rule = freshRule();
    const outcomes = await Promise.all(Array.from({ length: 25 }, () => consume(rule, "burst")));
    expect(outcomes.every((o) => o.allowed)).toBe(true);
    expect(await reader.get(`gc:${rule.name}:burst`)).toBe("25");
    expect(await pointsUsed(rule, "burst")).toBe(25);
  });

  it("refuses the attempt after the limit across a restart: the count lives in Redis", async () => {
    await useRedisStore();
    const rule = freshRule(3);
    await Promise.all([consume(rule, "k"), consume(rule, "k"), consume(rule, "k")]);
    // A new process: no client, no limiter, nothing counted in memory.
    await useRedisStore();
    expect(await consume(rule, "k")).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
  });

  it("still answers when Redis cannot be reached: the per-process insurance counts", async () => {
    await useRedisStore("redis://127.0.0.1:1");
    const rule = freshRule(2);
    expect(await consume(rule, "down")).toEqual({ allowed: true, remainingPoints: 1 });
    expect(await consume(rule, "down")).toEqual({ allowed: true, remainingPoints: 0 });
    expect(await consume(rule, "down")).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
  });
});
