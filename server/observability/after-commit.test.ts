import { describe, expect, it, vi } from "vitest";

type Hooks = typeof import("./after-commit");

/** A fresh copy of the module, as a second bundle of the production build loads it. */
async function freshCopy(): Promise<Hooks> {
  vi.resetModules();
  return import("./after-commit");
}

describe("whenCommitted", () => {
  it("waits for the commit of a scope opened by another copy of the module (the two bundles of the build)", async () => {
    const server = await freshCopy();
    const next = await freshCopy();
    expect(next).not.toBe(server);
    const ran: string[] = [];
    await server.withCommitHooks(async () => {
      next.whenCommitted(() => ran.push("task"));
      ran.push("commit");
    });
    expect(ran).toEqual(["commit", "task"]);
  });

  it("drops the task when the transaction fails, and runs it at once outside any transaction", async () => {
    const hooks = await freshCopy();
    const ran: string[] = [];
    await expect(
      hooks.withCommitHooks(async () => {
        hooks.whenCommitted(() => ran.push("rolled back"));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    hooks.whenCommitted(() => ran.push("now"));
    expect(ran).toEqual(["now"]);
  });
});
