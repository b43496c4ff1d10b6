import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiAnswer, ApiRequest, HeaderReader } from "./api-message";
import { clientIpOf } from "@/server/lib/client-ip";
import { config, type Config } from "@/server/lib/config";
import { validationError } from "@/server/lib/errors";
import { baseSecurityHeaders } from "@/server/lib/security-headers";
import { errorAnswer, mergedHeaders } from "./http";
import { API_PREFIX, handleApiRequest } from "./pipeline";
import { bodyTooLarge, MAX_BODY_BYTES } from "./read-body";
import { requestFacts } from "./request-facts";

/** /api/v1 requests the Node server answers itself (the OpenAPI document stays with Next.js). */
export function isApiRequest(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.split("?")[0] ?? "";
  return (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) && path !== `${API_PREFIX}/openapi.json`;
}

function headerReader(req: IncomingMessage): HeaderReader {
  return {
    get(name) {
      const value = req.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/**
 * The body's bytes, refused past 64 KiB. The rest of a refused body is read and dropped rather than
 * the socket destroyed, so the client still gets its 400.
 */
function readNodeBody(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? "0") > MAX_BODY_BYTES) {
      req.resume();
      reject(bodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        refused = true;
        chunks.length = 0;
        reject(bodyTooLarge());
      } else {
        chunks.push(chunk);
      }
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
    // A client that goes away mid-body: settle, so nothing waits for a body that will never come.
    req.on("close", () => {
      if (!req.complete) reject(validationError({ body: ["INCOMPLETE_BODY"] }, "The connection closed before the body was complete."));
    });
  });
}

/** The security headers of every answer, built once per configuration rather than per answer. */
let securityHeaders: { for: Config; headers: Record<string, string> } | undefined;

function answerSecurityHeaders(): Record<string, string> {
  const current = config();
  if (securityHeaders?.for !== current) securityHeaders = { for: current, headers: baseSecurityHeaders(current.publicUrl) };
  return securityHeaders.headers;
}

/**
 * The same pipeline as the Next.js route handler, called straight from the Node server: Next.js's
 * request handling, and even a web Request built from the IncomingMessage, cost much of a spend's CPU.
 * With `trustProxyHops` (server.ts) the client address comes from the socket and X-Forwarded-For,
 * worked out only if a route needs it; without, it is the address vouchForClientIp put on the request.
 */
export async function serveApi(req: IncomingMessage, res: ServerResponse, trustProxyHops?: number): Promise<void> {
  let answer: ApiAnswer;
  try {
    const headers = headerReader(req);
    const request: ApiRequest = { method: req.method ?? "GET", url: req.url ?? "/", headers, readBody: () => readNodeBody(req) };
    const facts = trustProxyHops === undefined ? requestFacts(headers) : requestFacts(headers, () => clientIpOf(req, trustProxyHops));
    answer = await handleApiRequest(request, facts);
  } catch (error) {
    answer = errorAnswer(error);
  }
  const headers = mergedHeaders(answerSecurityHeaders(), answer.headers);
  // With its length known, Node writes the head and the body in one send; without, every answer went
  // out chunked (length, body, terminator: a writev of four buffers, and more for a client to parse).
  if (answer.body !== null) headers["Content-Length"] = String(Buffer.byteLength(answer.body));
  res.writeHead(answer.status, headers);
  res.end(answer.body ?? undefined);
}
