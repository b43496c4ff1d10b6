import "server-only";
import { performance } from "node:perf_hooks";
import { request as undiciRequest, type Dispatcher } from "undici";
import type { Environment } from "@/db/schema";
import { endpointUrlProblem } from "./endpoint-url";
import { AddressNotAllowedError, isIpLiteral, normalizeHost, resolveAllowed } from "./ssrf";

export const RESPONSE_EXCERPT_BYTES = 1024;
export const ADDRESS_NOT_ALLOWED = "address not allowed";

export type SendRequest = {
  url: string;
  env: Environment;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  dispatcher: Dispatcher;
};

export type SendOutcome = {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  durationMs: number;
};

class SendTimeout extends Error {}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 8) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function describeFailure(error: unknown, timedOut: boolean, timeoutMs: number): string {
  const chain = causes(error);
  if (chain.some((e) => e instanceof AddressNotAllowedError)) return ADDRESS_NOT_ALLOWED;
  if (timedOut || chain.some((e) => e instanceof SendTimeout)) return `timeout after ${timeoutMs} ms`;
  const coded = chain.find((e): e is NodeJS.ErrnoException => e instanceof Error && typeof (e as NodeJS.ErrnoException).code === "string");
  if (coded) return `connection failed: ${coded.code}`;
  const last = chain[chain.length - 1];
  return `connection failed: ${last instanceof Error ? last.message : String(last)}`.slice(0, 200);
}

/** The first bytes of the answer, for the delivery log; the rest is discarded unread. */
async function readExcerpt(body: Dispatcher.ResponseData["body"]): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= RESPONSE_EXCERPT_BYTES) break;
    }
  } catch {
    // A body cut short (timeout, reset) still leaves what arrived.
  } finally {
    // Leaving the loop early destroys the stream; a body read to its end keeps the socket for the next send.
    if (!body.readableEnded) body.destroy();
  }
  const bytes = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES);
  return bytes.length === 0 ? null : new TextDecoder().decode(bytes);
}

/**
 * One POST. Success is a 2xx within the deadline; a 3xx is a failure and is not followed. Never
 * throws: every problem becomes a failed outcome with a short error.
 */
export async function sendWebhook(request: SendRequest): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): SendOutcome => ({ ok: false, statusCode: null, error, responseExcerpt: null, durationMs: elapsed() });

  // SECURITY: the endpoint's rules again (a row may predate them), and literal addresses here because
  // Node does not call the agent's lookup for an IP literal.
  if (endpointUrlProblem(request.url, request.env)) return failed(ADDRESS_NOT_ALLOWED);
  const host = normalizeHost(new URL(request.url).hostname);
  if (isIpLiteral(host)) {
    try {
      await resolveAllowed(host, request.env);
    } catch {
      return failed(ADDRESS_NOT_ALLOWED);
    }
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new SendTimeout());
  }, request.timeoutMs);
  try {
    // undici's request, not fetch: no WHATWG streams per call, and redirects are never followed.
    const response = await undiciRequest(request.url, {
      method: "POST",
      body: request.body,
      headers: request.headers,
      dispatcher: request.dispatcher,
      signal: controller.signal,
    });
    const responseExcerpt = await readExcerpt(response.body);
    const statusCode = response.statusCode;
    if (timedOut) return { ok: false, statusCode, error: `timeout after ${request.timeoutMs} ms`, responseExcerpt, durationMs: elapsed() };
    if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode, error: null, responseExcerpt, durationMs: elapsed() };
    const error = statusCode >= 300 && statusCode < 400 ? `redirect not followed (${statusCode})` : `HTTP ${statusCode}`;
    return { ok: false, statusCode, error, responseExcerpt, durationMs: elapsed() };
  } catch (error) {
    return failed(describeFailure(error, timedOut, request.timeoutMs));
  } finally {
    clearTimeout(timer);
  }
}
