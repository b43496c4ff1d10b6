import "server-only";
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { config } from "@/server/lib/config";
import { changesState, crossSiteRefusal, isCrossSiteRequest, requestSourceOf } from "@/server/lib/cross-site";
import { childLogger } from "@/server/observability/logger";
import type { TrpcContext } from "./init";
import { boundTrpcRequest, TRPC_LIMITS } from "./request-bounds";
import { appRouter } from "./root";

const log = childLogger({ module: "trpc" });

/**
 * The dashboard's tRPC endpoint. A mutation sent from another site is refused before the session is
 * even read: the browser attaches the staff cookie to some cross-origin requests (same-site pages, form
 * posts), and CORS only stops the answer from being read, not the mutation from running.
 * The refusal is a tRPC error (FORBIDDEN, HTTP 403) whose `data.appCode` and `data.fieldErrors` say why.
 * Before that, the request's size, nesting and batch length are bounded (request-bounds.ts): 413 or 400.
 */
export async function handleTrpcRequest(incoming: Request, createContext: () => Promise<TrpcContext>): Promise<Response> {
  const bounded = await boundTrpcRequest(incoming);
  if ("refusal" in bounded) return bounded.refusal;
  const request = bounded.request;
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    maxBatchSize: TRPC_LIMITS.maxBatchSize,
    // Every unexpected failure is logged with its procedure; expected refusals (4xx) are answers, not errors.
    onError: ({ error, path, type }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") log.error({ err: error.cause ?? error, path, type }, "tRPC procedure failed");
    },
    createContext: () => {
      const { publicUrl, NODE_ENV } = config();
      if (changesState(request.method) && isCrossSiteRequest(requestSourceOf(request.headers), { publicUrl, dev: NODE_ENV === "development" })) {
        const cause = crossSiteRefusal();
        throw new TRPCError({ code: "FORBIDDEN", message: cause.message, cause });
      }
      return createContext();
    },
    responseMeta: () => ({ headers: new Headers({ "Cache-Control": "no-store" }) }),
  });
}
