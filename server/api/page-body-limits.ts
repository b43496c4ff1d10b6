import "server-only";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { config } from "@/server/lib/config";
import { validationError } from "@/server/lib/errors";
import { baseSecurityHeaders } from "@/server/lib/security-headers";
import { STRIPE_WEBHOOK_MAX_BYTES } from "@/server/payments/stripe-webhook";
import { TRPC_LIMITS } from "@/server/trpc/request-bounds";
import { errorAnswer, mergedHeaders } from "./http";

/**
 * The largest body each part of the app outside /api/v1 needs. Next.js would otherwise buffer up to
 * 10 MB of any request before a handler looked at it, so stalled uploads could hold memory nobody asked
 * for. Forms (the payment page, sign-in, setup, invitations, server actions) need a few KB.
 */
const LIMITS: { prefix: string; bytes: number }[] = [
  { prefix: "/api/trpc", bytes: TRPC_LIMITS.maxBodyBytes },
  { prefix: "/api/payments/", bytes: STRIPE_WEBHOOK_MAX_BYTES },
];
export const FORM_BODY_MAX_BYTES = 16 * 1024;

export function pageBodyLimit(path: string): number {
  return LIMITS.find((limit) => path.startsWith(limit.prefix))?.bytes ?? FORM_BODY_MAX_BYTES;
}

function refuse(res: ServerResponse, { field, reason, message }: { field: string; reason: string; message: string }): void {
  const answer = errorAnswer(validationError({ [field]: [reason] }, message));
  // The body is left unread: the connection cannot carry another request after it.
  const body = answer.body ?? "";
  const headers = mergedHeaders(answer.headers, baseSecurityHeaders(config().publicUrl));
  res.writeHead(answer.status, Object.assign(headers, { "Content-Length": Buffer.byteLength(body), Connection: "close" }));
  res.end(body);
}

/**
 * Refuses, before a byte of it is read, a body larger than its route needs, and a body whose length is
 * not declared (a browser always declares it for forms and fetch; only then is the bound exact, as
 * Node's parser never passes more than Content-Length bytes). True when the request was answered.
 */
export function refuseOversizedPageBody(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
  const chunked = req.headers["transfer-encoding"] !== undefined;
  const declared = Number(req.headers["content-length"] ?? "0");
  if (chunked) {
    refuse(res, { field: "Content-Length", reason: "LENGTH_REQUIRED", message: "A request body outside the API must declare its Content-Length." });
    return true;
  }
  const limit = pageBodyLimit(path);
  if (declared > limit) {
    refuse(res, { field: "body", reason: "BODY_TOO_LARGE", message: `The body is larger than ${limit} bytes.` });
    return true;
  }
  return false;
}

/** Slow clients: a request must arrive whole (headers and body) within this, or Node answers 408 and closes. */
export const REQUEST_RECEIVE_TIMEOUT_MS = 30_000;
export const HEADERS_RECEIVE_TIMEOUT_MS = 15_000;

/** A slow body (or slow headers) may not hold a connection and its buffers open for minutes. */
export function limitReceiveTime(server: Server): void {
  server.requestTimeout = REQUEST_RECEIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_RECEIVE_TIMEOUT_MS;
}
