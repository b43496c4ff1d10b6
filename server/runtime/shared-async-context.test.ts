import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it, vi } from "vitest";
import { SharedAsyncContext, shareAsyncContextWithNext } from "./shared-async-context";

describe("SharedAsyncContext: AsyncLocalStorage's behaviour over one carrier", () => {
  it("keeps each storage's store apart, across awaits, timers and nested runs", async () => {
    const requests = new SharedAsyncContext<string>();
    const tenants = new SharedAsyncContext<number>();
    const seen = await requests.run("req-1", () =>
      tenants.run(7, async () => {
        await sleep(1);
        const inner = await requests.run("req-2", async () => {
          await Promise.resolve();
          return [requests.getStore(), tenants.getStore()];
        });
        const later = await new Promise((resolve) => setTimeout(() => resolve([requests.getStore(), tenants.getStore()]), 1));
        return { inner, later, after: [requests.getStore(), tenants.getStore()] };
      }),
    );
    expect(seen).toEqual({ inner: ["req-2", 7], later: ["req-1", 7], after: ["req-1", 7] });
    expect(requests.getStore()).toBeUndefined();
    expect(tenants.getStore()).toBeUndefined();
  });

  it("keeps concurrent runs of one storage apart", async () => {
    const storage = new SharedAsyncContext<number>();
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        storage.run(n, async () => {
          await sleep(5 - n);
          return storage.getStore();
        }),
      ),
    );
    expect(results).toEqual([1, 2, 3, 4]);
  });

  it("passes run's extra arguments and returns the callback's value", () => {
    const storage = new SharedAsyncContext<string>();
    expect(storage.run("s", (a: number, b: number) => `${storage.getStore()}:${a + b}`, 2, 3)).toBe("s:5");
  });

  it("exit leaves only its own storage", () => {
    const a = new SharedAsyncContext<string>();
    const b = new SharedAsyncContext<string>();
    const inside = a.run("a", () => b.run("b", () => a.exit(() => [a.getStore(), b.getStore()])));
    expect(inside).toEqual([undefined, "b"]);
  });

  it("enterWith sets the store for what follows in the same execution", async () => {
    const storage = new SharedAsyncContext<string>();
    const other = new SharedAsyncContext<string>();
    const seen = await other.run("kept", async () => {
      storage.enterWith("entered");
      await Promise.resolve();
      return [storage.getStore(), other.getStore()];
    });
    expect(seen).toEqual(["entered", "kept"]);
  });

  it("disable answers undefined until the next run", () => {
    const storage = new SharedAsyncContext<string>();
    storage.run("x", () => {
      storage.disable();
      expect(storage.getStore()).toBeUndefined();
    });
    expect(storage.run("y", () => storage.getStore())).toBe("y");
  });

  it("bind and snapshot run later code in the context they were made in", async () => {
    const storage = new SharedAsyncContext<string>();
    const { bound, snapshot } = storage.run("captured", () => ({
      bound: SharedAsyncContext.bind(() => storage.getStore()),
      snapshot: SharedAsyncContext.snapshot(),
    }));
    await storage.run("other", async () => {
      expect(bound()).toBe("captured");
      expect(snapshot((suffix: string) => `${storage.getStore()}${suffix}`, "!")).toBe("captured!");
    });
  });

  it("two copies of the module (the server's bundle and Next.js's) run on one real storage", async () => {
    const carrierKey = Symbol.for("gamecoin.sharedAsyncContext.carrier");
    const carrier = (globalThis as Record<symbol, unknown>)[carrierKey];
    expect(carrier).toBeInstanceOf(AsyncLocalStorage);
    vi.resetModules();
    const copy = await import("./shared-async-context");
    expect(copy.SharedAsyncContext).not.toBe(SharedAsyncContext);
    expect((globalThis as Record<symbol, unknown>)[carrierKey]).toBe(carrier);
    const mine = new SharedAsyncContext<string>();
    const theirs = new copy.SharedAsyncContext<string>();
    const seen = mine.run("mine", () => theirs.run("theirs", () => [mine.getStore(), theirs.getStore(), (carrier as AsyncLocalStorage<Map<unknown, unknown>>).getStore()?.size]));
    expect(seen).toEqual(["mine", "theirs", 2]);
  });

  it("is what Next.js makes its storages from once shared", () => {
    const before = (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage;
    try {
      shareAsyncContextWithNext();
      expect((globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage).toBe(SharedAsyncContext);
    } finally {
      (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage = before;
    }
  });
});
