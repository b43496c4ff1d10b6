/** A local HTTP endpoint that records every webhook request it gets and answers 200. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** `body` is the raw request body, as a receiver verifies it. */
export type ReceivedEvent = { id: string; type: string; body: string; signature: string | null; at: number };
export type WebhookReceiver = { url: string; received: ReceivedEvent[]; close: () => Promise<void> };

/**
 * `holdMs` delays every answer, so a claimed batch stays in flight while other workers claim: a
 * worker that took rows already leased to another would send them twice, and the test would see it.
 */
export async function startWebhookReceiver(options: { holdMs?: number } = {}): Promise<WebhookReceiver> {
  const received: ReceivedEvent[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const event = JSON.parse(body) as { id: string; type: string };
      const signature = req.headers["service-signature"];
      received.push({ id: event.id, type: event.type, body, signature: typeof signature === "string" ? signature : null, at: Date.now() });
      setTimeout(() => res.writeHead(200, { "content-type": "text/plain" }).end("ok"), options.holdMs ?? 0);
    });
  });
  // Loopback by address: the test environment's SSRF guard allows 127.x (and localhost) only there.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
