/**
 * Experiment, not a product: the same /api/v1 pipeline (server/api/pipeline.ts) behind a bare node:http
 * server instead of Next.js, to measure what the framework costs per request (docs/performance.md).
 *
 *   NODE_ENV=production SERVER_RATE_LIMIT_PER_MINUTE=100000000 DATABASE_URL=… \
 *     node --import tsx scripts/bench/plain-server.ts [port]
 *
 * then load it like the bench does (scripts/bench/load.ts runSpends with baseUrl http://127.0.0.1:<port>).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";

// Loosely typed on purpose: this experiment must not break the project's typecheck when the
// pipeline's signature changes (it then fails at run time only).
type Pipeline = { handleApiRequest: (request: Request, facts: unknown) => Promise<Response> };
type Facts = { requestFacts: (request: Request) => Promise<unknown> };
type Client = { getDb: () => Promise<{ execute: (query: unknown) => Promise<unknown> }> };
const { handleApiRequest } = (await import("@/server/api/pipeline")) as unknown as Pipeline;
const { requestFacts } = (await import("@/server/api/request-facts")) as unknown as Facts;
const { getDb } = (await import("@/db/client")) as unknown as Client;

const port = Number(process.argv[2] ?? 3212);

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error: Node's fetch needs duplex for a streamed body; lib.dom does not know it
    duplex: hasBody ? "half" : undefined,
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

const server = createServer((req, res) => {
  void (async () => {
    try {
      const url = req.url ?? "/";
      if (url === "/api/health") {
        await (await getDb()).execute(sql`select 1`);
        res.setHeader("content-type", "application/json");
        res.end('{"ok":true}');
        return;
      }
      if (!url.startsWith("/api/v1/")) {
        res.statusCode = 404;
        res.end();
        return;
      }
      const request = toRequest(req);
      await send(res, await handleApiRequest(request, await requestFacts(request)));
    } catch (error) {
      console.error(error);
      res.statusCode = 500;
      res.end();
    }
  })();
});
server.keepAliveTimeout = 65_000;
// process.exit lets `node --cpu-prof` write its profile.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(0));
server.listen(port, () => console.log(`plain API server on http://127.0.0.1:${port}`));
