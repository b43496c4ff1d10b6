import { describe, expect, it } from "vitest";
import { sharedCache, TtlCache } from "./ttl-cache";

function counter(values: string[] = []) {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      return values[calls - 1] ?? `value ${calls}`;
    },
    calls: () => calls,
  };
}

describe("TtlCache", () => {
  it("keeps a value for ttlMs, then loads it again", async () => {
    let now = 1_000;
    const cache = new TtlCache<string>(5_000, { now: () => now });
    const source = counter();
    expect(await cache.get("k", source.load)).toBe("value 1");
    now += 4_999;
    expect(await cache.get("k", source.load)).toBe("value 1");
    now += 1;
    expect(await cache.get("k", source.load)).toBe("value 2");
    expect(source.calls()).toBe(2);
  });

  it("concurrent misses of one key share one load; other keys load on their own", async () => {
    const cache = new TtlCache<string>(5_000);
    const source = counter();
    const values = await Promise.all([cache.get("a", source.load), cache.get("a", source.load), cache.get("a", source.load), cache.get("b", source.load)]);
    expect(values).toEqual(["value 1", "value 1", "value 1", "value 2"]);
    expect(source.calls()).toBe(2);
  });

  it("a failed load is not kept: the next get loads again", async () => {
    const cache = new TtlCache<string>(5_000);
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("a caller that joined a load that failed loads for itself", async () => {
    const cache = new TtlCache<string>(5_000);
    const failing = cache.get("k", async () => Promise.reject(new Error("that transaction is gone")));
    const joined = cache.get("k", async () => "fresh");
    await expect(failing).rejects.toThrow("that transaction is gone");
    expect(await joined).toBe("fresh");
  });

  it("clear forgets values and discards loads that started before it", async () => {
    const cache = new TtlCache<string>(5_000);
    let release: (value: string) => void = () => {};
    const slow = cache.get("k", () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release("old");
    expect(await slow).toBe("old");
    expect(await cache.get("k", async () => "new")).toBe("new");
  });

  it("delete forgets one key", async () => {
    const cache = new TtlCache<string>(5_000);
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    cache.delete("a");
    expect(await cache.get("a", async () => "a2")).toBe("a2");
    expect(await cache.get("b", async () => "b2")).toBe("b1");
  });

  it("starts over when it holds maxEntries keys", async () => {
    const cache = new TtlCache<string>(5_000, { maxEntries: 2 });
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    await cache.get("c", async () => "c1");
    expect(await cache.get("a", async () => "a2")).toBe("a2");
  });
});

describe("sharedCache", () => {
  it("is one cache per name in the process, whichever copy of the module asks", async () => {
    const name = `test-${Math.random()}`;
    const first = sharedCache<string>(name, 5_000);
    await first.get("k", async () => "v");
    expect(sharedCache<string>(name, 5_000)).toBe(first);
    expect((globalThis as unknown as { __gamecoinCaches: Map<string, unknown> }).__gamecoinCaches.get(name)).toBe(first);
    expect(sharedCache<string>(`${name}-other`, 5_000)).not.toBe(first);
  });
});
