import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineOperation } from "@/server/api/operation";
import { operations } from "@/server/api/operations";

const Answer = z.object({ id: z.string() });
const base = { method: "GET", summary: "s", description: "d", tag: "t", idempotent: false, response: Answer, successStatus: 200 } as const;

describe("defineOperation: a handler of an operation that resolves a player receives a player", () => {
  it("types `player` as a PlayerRow for `player` and `auth: \"player\"` operations, and as nullable otherwise", () => {
    // These declarations are the test: `npx tsc --noEmit` compiles this file.
    const declared = [
      defineOperation({ ...base, id: "a", path: "/players/{player}/x", auth: "secret", player: "read", handle: async ({ player }) => ({ body: { id: player.id } }) }),
      defineOperation({ ...base, id: "b", path: "/me/x", auth: "player", handle: async ({ player }) => ({ body: { id: player.id } }) }),
      defineOperation({
        ...base,
        id: "c",
        path: "/x",
        auth: "secret",
        // @ts-expect-error an operation that resolves no player may be given none
        handle: async ({ player }) => ({ body: { id: player.id } }),
      }),
    ];
    expect(declared.map((operation) => operation.id)).toEqual(["a", "b", "c"]);
  });

  it("every operation that declares `player` has a {player} in its path, so the pipeline always resolves one", () => {
    const resolving = operations.filter((operation) => operation.player !== undefined);
    expect(resolving.length).toBeGreaterThan(0);
    expect(resolving.filter((operation) => !operation.path.includes("{player}")).map((operation) => operation.id)).toEqual([]);
  });
});
