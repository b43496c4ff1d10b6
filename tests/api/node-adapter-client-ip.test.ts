/**
 * server.ts hands /api/v1 to serveApi with its TRUST_PROXY hops and does not vouch for the address
 * first: the adapter works the client address out itself, only when a route reads it. These tests run
 * that exact call behind a plain node:http server and check the per-IP limit of a route without a
 * token follows the right address, and that a client cannot pick it with the custom server's headers.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serveApi } from "@/server/api/node-adapter";
import { CLIENT_IP_HEADER, CLIENT_IP_PROOF_HEADER } from "@/server/lib/client-ip";
import { apiError } from "../domain-helpers";
import { createTestGame, useDatabase, type TestGame } from "../harness";
import { setClientRateLimit } from "../client-helpers";

useDatabase();

type Front = { url: string; server: Server };

async function front(trustProxyHops: number): Promise<Front> {
  const server = createServer((req, res) => void serveApi(req, res, trustProxyHops));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, server };
}

let game: TestGame;
let direct: Front;
let behindProxy: Front;
beforeAll(async () => {
  game = await createTestGame();
  direct = await front(0);
  behindProxy = await front(1);
});
afterAll(async () => {
  for (const { server } of [direct, behindProxy]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
afterEach(() => setClientRateLimit(undefined));

const catalog = (at: Front, headers: Record<string, string>) =>
  fetch(`${at.url}/client/catalog`, { headers: { "x-service-key": game.publishableKey, ...headers } });

describe("serveApi with the server's proxy hops (CLIENT_RATE_LIMIT_PER_MINUTE = 3)", () => {
  it("one trusted hop: the forwarded address has its own bucket", async () => {
    setClientRateLimit(3);
    for (let i = 0; i < 3; i += 1) expect((await catalog(behindProxy, { "x-forwarded-for": "198.51.100.10" })).status).toBe(200);
    const limited = await catalog(behindProxy, { "x-forwarded-for": "198.51.100.10" });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(apiError("RATE_LIMITED"));
    expect((await catalog(behindProxy, { "x-forwarded-for": "198.51.100.11" })).status).toBe(200);
  });

  it("no trusted hop: the socket's address counts, whatever the client sends in X-Forwarded-For or the server's own headers", async () => {
    setClientRateLimit(3);
    for (let i = 0; i < 3; i += 1) {
      const forged = { "x-forwarded-for": `198.51.100.${20 + i}`, [CLIENT_IP_HEADER]: `198.51.100.${30 + i}`, [CLIENT_IP_PROOF_HEADER]: "guess" };
      expect((await catalog(direct, forged)).status).toBe(200);
    }
    const limited = await catalog(direct, { [CLIENT_IP_HEADER]: "198.51.100.40", [CLIENT_IP_PROOF_HEADER]: "guess" });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(apiError("RATE_LIMITED"));
  });
});
