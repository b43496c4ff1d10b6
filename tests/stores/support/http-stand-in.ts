import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type StandInRequest = { method: string; path: string; query: URLSearchParams; headers: IncomingMessage["headers"]; body: string };
export type StandInAnswer = { status: number; body?: unknown };

/** A node:http server on a free port of 127.0.0.1 that answers JSON from `handle`. */
export async function startStandIn(handle: (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      void Promise.resolve()
        .then(() => handle({ method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") }))
        .then(
          (answer) => {
            res.writeHead(answer.status, answer.body === undefined ? {} : { "content-type": "application/json" });
            res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
          },
          (error: unknown) => {
            res.writeHead(500, { "content-type": "application/json" });
            res.end(JSON.stringify({ error: String(error) }));
          },
        );
    });
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Verifies a compact JWS's signature with `key` (ES256 in JOSE form, or RS256) and returns its parts. */
export function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, unknown>; signingInput: string; signature: Buffer } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    return {
      header: JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as Record<string, unknown>,
      payload: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>,
      signingInput: `${header}.${payload}`,
      signature: Buffer.from(signature, "base64url"),
    };
  } catch {
    return null;
  }
}
