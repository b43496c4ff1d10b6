import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serveApi } from "@/server/api/node-adapter";
import { answerUnparsableRequest } from "@/server/api/unparsable-request";

let origin: Promise<string> | undefined;

/**
 * The API base the SDK is pointed at: what server.ts runs for /api/v1 (the Node adapter), on a port
 * of this test worker. No proxy hop: every SDK call comes from 127.0.0.1, as from one game backend.
 */
export function sdkBaseUrl(): Promise<string> {
  origin ??= new Promise((resolve) => {
    const server = createServer((req, res) => void serveApi(req, res));
    server.on("clientError", answerUnparsableRequest);
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    server.unref();
  });
  return origin.then((o) => `${o}/api/v1`);
}

export type Recorded = { method: string; url: string; headers: Headers; status: number };

/** A fetch that records each attempt (and can rewrite an answer), for asserting what the SDK sent. */
export function recordingFetch(rewrite?: (response: Response, attempt: number) => Promise<Response> | Response): { fetch: typeof fetch; attempts: Recorded[] } {
  const attempts: Recorded[] = [];
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    const final = rewrite ? await rewrite(response, attempts.length) : response;
    attempts.push({ method: request.method, url: request.url, headers: request.headers, status: final.status });
    return final;
  };
  return { fetch: recording, attempts };
}

export const PACK_CATALOG = {
  currencies: [{ code: "coins", name: "Coins", purchasable: true }],
  items: [
    { sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 }, clientPurchasable: true },
    { sku: "sword", name: "Sword", type: "durable", price: { currency: "coins", amount: 100 }, maxOwned: 1 },
  ],
  packs: [
    { sku: "p500", name: "500", priceCents: 499, grants: [{ currency: "coins", amount: 500, bonus: 50 }], items: [{ sku: "potion", quantity: 2 }], availability: null },
  ],
};
