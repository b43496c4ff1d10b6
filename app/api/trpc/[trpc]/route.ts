import { createTrpcContext } from "@/server/trpc/context";
import { handleTrpcRequest } from "@/server/trpc/http-handler";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

function handler(request: Request): Promise<Response> {
  return handleTrpcRequest(request, createTrpcContext);
}

export { handler as GET, handler as POST };
