import "server-only";
import type { Duplex } from "node:stream";
import { config } from "@/server/lib/config";
import { validationError } from "@/server/lib/errors";
import { baseSecurityHeaders } from "@/server/lib/security-headers";
import { errorAnswer, mergedHeaders } from "./http";

/**
 * Node's HTTP parser refuses some requests before any handler runs (a control character in a header
 * value, a broken request line). They still get SPEC's envelope instead of Node's bare 400.
 */
export function answerUnparsableRequest(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer = errorAnswer(validationError({ request: ["MALFORMED_HTTP"] }, "The request is not valid HTTP."));
  const body = answer.body ?? "";
  const merged = mergedHeaders(answer.headers, baseSecurityHeaders(config().publicUrl));
  const headers = Object.entries(Object.assign(merged, { "Content-Length": String(Buffer.byteLength(body)), Connection: "close" }))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 400 Bad Request\r\n${headers}\r\n${body}`);
}
