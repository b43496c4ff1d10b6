import { request } from "undici";
import { describe, expect, it } from "vitest";
import { createGuardedAgent } from "@/server/webhooks/guarded-agent";
import { Receiver } from "./receiver";

describe("guarded agent", () => {
  it("resolves and checks a host once for the connections a batch opens together, and never keeps a refusal", async () => {
    const receiver = await Receiver.start(() => ({ status: 200, delayMs: 20 }));
    const asked: string[] = [];
    let answer = ["127.0.0.1"];
    const agent = createGuardedAgent("test", {
      timeoutMs: 2_000,
      resolve: async (name) => {
        asked.push(name);
        return answer;
      },
    });
    try {
      // Four requests at once need four sockets: one resolution serves them all.
      const statuses = await Promise.all(
        [1, 2, 3, 4].map(async () => (await request(receiver.url("/agent", "localhost"), { method: "POST", body: "{}", dispatcher: agent })).statusCode),
      );
      expect(statuses).toEqual([200, 200, 200, 200]);
      expect(asked).toEqual(["localhost"]);

      // A name that is refused once is asked again next time, not remembered as refused.
      const other = createGuardedAgent("test", { timeoutMs: 2_000, resolve: async (name) => (asked.push(name), answer) });
      answer = ["10.0.0.5"];
      await expect(request(receiver.url("/agent", "localhost"), { method: "POST", body: "{}", dispatcher: other })).rejects.toThrow(/address not allowed/);
      answer = ["127.0.0.1"];
      expect((await request(receiver.url("/agent", "localhost"), { method: "POST", body: "{}", dispatcher: other })).statusCode).toBe(200);
      expect(asked).toEqual(["localhost", "localhost", "localhost"]);
      await other.destroy();
    } finally {
      await agent.destroy();
      await receiver.close();
    }
  });
});
