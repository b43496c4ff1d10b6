import "server-only";
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { config } from "@/server/lib/config";
import { changesState, crossSiteRefusal, isCrossSiteRequest, requestSourceOf } from "@/server/lib/cross-site";
import type { TrpcContext } from "./init";
import { appRouter } from "./root";

/**
 * The dashboard's tRPC endpoint. A mutation sent from another site is refused before the session is
 * even read: the browser attaches the staff cookie to some cross-origin requests (same-site pages, form
 * posts), and CORS only stops the answer from being read, not the mutation from running.
 * The refusal is a tRPC error (FORBIDDEN, HTTP 403) whose `data.appCode` and `data.fieldErrors` say why.
 */
export function handleTrpcRequest(request: Request, createContext: () => Promise<TrpcContext>): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
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
