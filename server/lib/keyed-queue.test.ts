import { describe, expect, it } from "vitest";
import { KeyedQueue } from "./keyed-queue";

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("KeyedQueue", () => {
  it("runs at most perKey tasks of one key at once and starts the others in arrival order", async () => {
    const queue = new KeyedQueue(2);
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => deferred());
    const results = gates.map((gate, i) =>
      queue.run("hot", async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]?.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
  });

  it("runs tasks of different keys side by side", async () => {
    const queue = new KeyedQueue(1);
    const gate = deferred();
    const started: string[] = [];
    const a = queue.run("a", async () => {
      started.push("a");
      await gate.promise;
    });
    const b = queue.run("b", async () => {
      started.push("b");
    });
    await b;
    expect(started).toEqual(["a", "b"]);
    gate.resolve();
    await a;
  });

  it("a failing task rejects its own caller only and frees its place", async () => {
    const queue = new KeyedQueue(1);
    const failing = queue.run("k", async () => {
      throw new Error("boom");
    });
    const next = queue.run("k", async () => "next");
    await expect(failing).rejects.toThrow("boom");
    expect(await next).toBe("next");
    expect(await queue.run("k", async () => "again")).toBe("again");
  });
});
