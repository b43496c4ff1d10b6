import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createTrpcContext } from "@/server/trpc/context";
import { appRouter } from "@/server/trpc/root";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

function handler(request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: createTrpcContext,
    responseMeta: () => ({ headers: new Headers({ "Cache-Control": "no-store" }) }),
  });
}

export { handler as GET, handler as POST };
