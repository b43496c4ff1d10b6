/**
 * Tests that need the Redis rate-limit store: the local Redis (or TEST_REDIS_URL), switched on for a
 * file and off again, and the keys a test wrote deleted afterwards (counters would outlive the run).
 */
import { Redis } from "ioredis";
import { resetConfigForTests } from "@/server/lib/config";
import { closeRateLimitStore } from "@/server/lib/rate-limit";

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Limits count in Redis from now on, starting like a freshly started process (no client, no limiter). */
export async function useRedisStore(url: string = TEST_REDIS_URL): Promise<void> {
  await closeRateLimitStore();
  process.env.REDIS_URL = url;
  resetConfigForTests();
}

/** Back to the in-process store, as the other test files expect. */
export async function useMemoryStore(): Promise<void> {
  await closeRateLimitStore();
  delete process.env.REDIS_URL;
  resetConfigForTests();
}

/** A client of its own, to read what the limiters wrote. */
export function redisReader(): Redis {
  return new Redis(TEST_REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
}

/** Deletes every rate-limit key (`gc:…`) that contains one of `parts` (ids, addresses unique to a test). */
export async function deleteLimitKeys(reader: Redis, parts: readonly string[]): Promise<void> {
  if (parts.length === 0) return;
  const doomed: string[] = [];
  let cursor = "0";
  do {
    const [next, keys] = await reader.scan(cursor, "MATCH", "gc:*", "COUNT", 1000);
    cursor = next;
    doomed.push(...keys.filter((key) => parts.some((part) => key.includes(part))));
  } while (cursor !== "0");
  if (doomed.length > 0) await reader.del(...doomed);
}
