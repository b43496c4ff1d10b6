import { handleApiRequest } from "@/server/api/pipeline";
import { requestFacts } from "@/server/api/request-facts";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handle(request: Request): Promise<Response> {
  return handleApiRequest(request, await requestFacts(request));
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
