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
    const batcher = new Batcher(write, { maxInFlight: 1, maxBatch: 3, stallMs: 1_000 });
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

  it("sends a second batch beside the one in flight only once the waiting items fill a batch", async () => {
    const { write, batches, finish } = gatedWrite();
    const batcher = new Batcher(write, { maxInFlight: 2, maxBatch: 3, stallMs: 1_000 });
    const a = batcher.submit(1);
    await tick();
    const b = [batcher.submit(2), batcher.submit(3)];
    await tick();
    expect(batches).toEqual([[1]]);
    const c = batcher.submit(4);
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    const d = batcher.submit(5);
    await tick();
    // Two in flight, the most it may have.
    expect(batches).toEqual([[1], [2, 3, 4]]);
    finish(1);
    expect(await Promise.all([...b, c])).toEqual([20, 30, 40]);
    await tick();
    // One batch still out and one item waiting: it waits for that batch rather than go alone beside it.
    expect(batches).toEqual([[1], [2, 3, 4]]);
    finish(0);
    expect(await a).toBe(10);
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    finish(2);
    expect(await d).toBe(50);
  });

  it("sends the waiting items beside a batch that has been out stallMs", async () => {
    const { write, batches, finish } = gatedWrite();
    // Real timers, with a limit a loaded CI machine does not pass between two turns of the loop.
    const batcher = new Batcher(write, { maxInFlight: 2, maxBatch: 64, stallMs: 200 });
    const stalled = batcher.submit(1);
    await tick();
    const waiting = [batcher.submit(2), batcher.submit(3)];
    await tick();
    expect(batches).toEqual([[1]]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(batches).toEqual([[1], [2, 3]]);
    finish(1);
    expect(await Promise.all(waiting)).toEqual([20, 30]);
    finish(0);
    expect(await stalled).toBe(10);
  });

  it("a failed write rejects the items of its batch only", async () => {
    const { write, finish } = gatedWrite();
    const batcher = new Batcher(write, { maxInFlight: 1, maxBatch: 64, stallMs: 1_000 });
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
