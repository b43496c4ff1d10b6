import "server-only";
import superjson from "superjson";
import { inspectJsonStructure } from "@/server/api/json-structure";
import { readWebBody } from "@/server/api/read-body";
import { AppError } from "@/server/lib/errors";

/**
 * What the dashboard's tRPC endpoint accepts, checked before anything parses the input. tRPC itself
 * reads any body whole and superjson walks it recursively, so one staff request of deeply nested arrays
 * could exhaust the heap or the stack; these bounds stop it at the door.
 */
export const TRPC_LIMITS = {
  /** The largest legitimate input is a catalog import file; 1 MiB holds thousands of rows. */
  maxBodyBytes: 1024 * 1024,
  /** Inputs nest a few levels; superjson's envelope (`{"0":{"json":…}}`) adds three. */
  maxDepth: 40,
  /** Queries and mutations per batched request; the dashboard's link splits larger batches (components/dashboard/trpc.tsx). */
  maxBatchSize: 10,
} as const;

type Refusal = { status: 400 | 413; reason: string; message: string };

/** The error answer tRPC's client understands (superjson-wrapped), one per procedure of a batch. */
function refusalResponse(request: Request, refusal: Refusal): Response {
  const url = new URL(request.url);
  const paths = decodeURIComponent(url.pathname.replace(/^.*\/api\/trpc\/?/, "")).split(",");
  const isBatch = url.searchParams.get("batch") === "1";
  const shape = {
    message: refusal.message,
    code: refusal.status === 413 ? -32013 : -32600,
    data: {
      code: refusal.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST",
      httpStatus: refusal.status,
      appCode: "VALIDATION_FAILED",
      fieldErrors: { input: [refusal.reason] },
      details: null,
    },
  };
  const one = { error: superjson.serialize(shape) };
  const body = isBatch ? paths.map(() => one) : one;
  return new Response(JSON.stringify(body), {
    status: refusal.status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

const tooLarge: Refusal = { status: 413, reason: "BODY_TOO_LARGE", message: `The request is larger than ${TRPC_LIMITS.maxBodyBytes} bytes.` };
const tooDeep: Refusal = { status: 400, reason: "TOO_DEEPLY_NESTED", message: `The input nests deeper than ${TRPC_LIMITS.maxDepth} levels.` };

/** The body's text, or a refusal once it passes the size bound (the rest is never read). */
async function boundedText(request: Request): Promise<string | Refusal> {
  try {
    return Buffer.from(await readWebBody(request, TRPC_LIMITS.maxBodyBytes)).toString("utf8");
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION_FAILED") return tooLarge;
    throw error;
  }
}

/**
 * The request, rebuilt from its bounded body, or the answer that refuses it. A GET carries its input in
 * the URL, which Node already caps with the header size (16 KiB): only its depth is checked.
 */
export async function boundTrpcRequest(request: Request): Promise<{ request: Request } | { refusal: Response }> {
  const url = new URL(request.url);
  const queryInput = url.searchParams.get("input");
  if (queryInput !== null && inspectJsonStructure(queryInput, TRPC_LIMITS.maxDepth).tooDeep) {
    return { refusal: refusalResponse(request, tooDeep) };
  }
  if (request.method === "GET" || request.method === "HEAD") return { request };
  const text = await boundedText(request);
  if (typeof text !== "string") return { refusal: refusalResponse(request, text) };
  if (inspectJsonStructure(text, TRPC_LIMITS.maxDepth).tooDeep) return { refusal: refusalResponse(request, tooDeep) };
  return { request: new Request(request.url, { method: request.method, headers: request.headers, body: text }) };
}
