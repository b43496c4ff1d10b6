import { describe, expect, it } from "vitest";
import { Batcher } from "./batcher";

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A write whose batches are recorded and finish only when the test says so. */
function gatedWrite(): { write: (items: number[]) => Promise<number[]>; batches: number[][]; finish: (index: number, error?: Error) => void } {
  const batches: number[][] = [];
  const gates: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const write = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve, reject) => {
      gates.push({ resolve: () => resolve(items.map((n) => n * 10)), reject });
    });
  };
  const finish = (index: number, error?: Error) => (error ? gates[index]?.reject(error) : gates[index]?.resolve());
  return { write, batches, finish };
}

describe("Batcher", () => {
  it("sends what arrived in one turn at once, and collects what arrives while the batches in flight are written", async () => {
    const { write, batches, finish } = gatedWrite();
    const batcher = new Batcher(write, { maxInFlight: 1, maxBatch: 3 });
    const first = [batcher.submit(1), batcher.submit(2)];
    await tick();
    expect(batches).toEqual([[1, 2]]);
    const later = [3, 4, 5, 6].map((n) => batcher.submit(n));
    await tick();
    expect(batches).toEqual([[1, 2]]);
    finish(0);
    expect(await Promise.all(first)).toEqual([10, 20]);
    await tick();
    expect(batches).toEqual([[1, 2], [3, 4, 5]]);
    finish(1);
    await tick();
    expect(batches).toEqual([[1, 2], [3, 4, 5], [6]]);
    finish(2);
    expect(await Promise.all(later)).toEqual([30, 40, 50, 60]);
  });

  it("keeps up to maxInFlight batches in flight", async () => {
    const { write, batches, finish } = gatedWrite();
    const batcher = new Batcher(write, { maxInFlight: 2, maxBatch: 64 });
    const a = batcher.submit(1);
    await tick();
    const b = batcher.submit(2);
    await tick();
    const c = [batcher.submit(3), batcher.submit(4)];
    await tick();
    expect(batches).toEqual([[1], [2]]);
    finish(1);
    expect(await b).toBe(20);
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    finish(0);
    finish(2);
    expect([await a, ...(await Promise.all(c))]).toEqual([10, 30, 40]);
  });

  it("a failed write rejects the items of its batch only", async () => {
    const { write, finish } = gatedWrite();
    const batcher = new Batcher(write, { maxInFlight: 1, maxBatch: 64 });
    const failed = batcher.submit(1);
    await tick();
    const next = batcher.submit(2);
    finish(0, new Error("deadlock detected"));
    await expect(failed).rejects.toThrow("deadlock detected");
    await tick();
    finish(1);
    expect(await next).toBe(20);
  });
});
