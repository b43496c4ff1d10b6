import { createServer, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resetDrainingForTests, startDraining } from "./lifecycle";
import { RequestTracker } from "./request-tracker";

/** A real server whose handler tracks each request and holds it until the test answers it. */
async function trackedServer() {
  const tracker = new RequestTracker();
  const held: ServerResponse[] = [];
  const arrivals: Array<() => void> = [];
  const server = createServer((req, res) => {
    tracker.track(req, res);
    held.push(res);
    arrivals.shift()?.();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  /** Sends a keep-alive GET; resolves when the server holds it, with the answer's Connection header to come. */
  const send = async () => {
    const arrived = new Promise<void>((resolve) => arrivals.push(resolve));
    const answered = new Promise<string | undefined>((resolve, reject) => {
      const req = request({ port, host: "127.0.0.1", path: "/", headers: { connection: "keep-alive" } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.headers.connection));
      });
      req.on("error", reject);
      req.end();
    });
    await arrived;
    return answered;
  };
  const answer = (res: ServerResponse) => new Promise<void>((resolve) => {
    res.once("close", () => setImmediate(resolve));
    res.end("ok");
  });
  return { tracker, held, send, answer, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

afterEach(() => resetDrainingForTests());

describe("RequestTracker", () => {
  it("counts the requests in flight and forgets each one when its answer closes, in any order", async () => {
    const s = await trackedServer();
    const answers = [s.send(), s.send(), s.send()];
    while (s.held.length < 3) await new Promise((r) => setTimeout(r, 5));
    expect(s.tracker.size).toBe(3);
    const [first, second, third] = s.held as [ServerResponse, ServerResponse, ServerResponse];
    await s.answer(second);
    expect(s.tracker.size).toBe(2);
    await s.answer(third);
    expect(s.tracker.size).toBe(1);
    await s.answer(first);
    expect(s.tracker.size).toBe(0);
    expect(await Promise.all(answers)).toEqual(["keep-alive", "keep-alive", "keep-alive"]);
    await s.close();
  });

  it("makes the answers still to be sent close their connection once draining starts, and no other", async () => {
    const s = await trackedServer();
    const early = s.send();
    const late = s.send();
    while (s.held.length < 2) await new Promise((r) => setTimeout(r, 5));
    const [first, second] = s.held as [ServerResponse, ServerResponse];
    first.writeHead(200);
    s.tracker.closeConnectionsAfterAnswers();
    await s.answer(first);
    await s.answer(second);
    expect(await early).toBe("keep-alive");
    expect(await late).toBe("close");
    expect(s.tracker.size).toBe(0);
    await s.close();
  });

  it("sends every answer of a request that arrives while draining with Connection: close", async () => {
    const s = await trackedServer();
    startDraining();
    const answered = s.send();
    while (s.held.length < 1) await new Promise((r) => setTimeout(r, 5));
    await s.answer(s.held[0] as ServerResponse);
    expect(await answered).toBe("close");
    await s.close();
  });
});
