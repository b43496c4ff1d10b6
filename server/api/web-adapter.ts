import "server-only";
import type { ApiRequest } from "./api-message";
import { toWebResponse } from "./http";
import { handleApiRequest } from "./pipeline";
import { readWebBody } from "./read-body";
import { requestFacts } from "./request-facts";

/** The pipeline behind a Next.js route handler (development, and any request server.ts hands to Next.js). */
export async function serveWebRequest(request: Request): Promise<Response> {
  const apiRequest: ApiRequest = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    readBody: () => readWebBody(request),
  };
  return toWebResponse(await handleApiRequest(apiRequest, requestFacts(request.headers)));
}
