import { afterAll, describe, expect, it } from "vitest";
import { redisPersistence } from "@/server/lib/rate-limit";
import { redisReader, useMemoryStore, useRedisStore } from "../redis-store";

afterAll(async () => {
  await useMemoryStore();
});

describe("what a Redis restart would forget", () => {
  it("reads the Redis persistence settings the start warns about, as the server reports them", async () => {
    await useRedisStore();
    const reader = redisReader();
    const [aof, save] = await Promise.all([reader.config("GET", "appendonly"), reader.config("GET", "save")]);
    reader.disconnect();
    expect(await redisPersistence()).toEqual({ appendonly: (aof as string[])[1], save: (save as string[])[1] });
  });

  it("is null without REDIS_URL (per-process counters: a restart of the instance resets them)", async () => {
    await useMemoryStore();
    expect(await redisPersistence()).toBeNull();
  });
});
