import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { errorResponse } from "./http";
import { API_PREFIX, handleApiRequest } from "./pipeline";
import { requestFacts } from "./request-facts";

/** /api/v1 requests the Node server answers itself (the OpenAPI document stays with Next.js). */
export function isApiRequest(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.split("?")[0] ?? "";
  return (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) && path !== `${API_PREFIX}/openapi.json`;
}

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
    body: hasBody ? (Readable.toWeb(req) as NodeWebStream<Uint8Array> as unknown as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM types do not know it.
    duplex: "half",
  });
}

/**
 * The same pipeline as the Next.js route handler, called straight from the Node server: Next.js's
 * request handling costs about as much CPU as the API itself (docs/performance.md).
 */
export async function serveApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let response: Response;
  try {
    const request = toRequest(req);
    response = await handleApiRequest(request, await requestFacts(request));
  } catch (error) {
    response = errorResponse(error);
  }
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}
