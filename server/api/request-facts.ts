import type { RequestFacts } from "./operation";

/** Header facts the handlers use; the client IP is added by the transport that knows the socket. */
export async function requestFacts(request: Request, clientIp: string | null = null): Promise<RequestFacts> {
  return {
    origin: request.headers.get("origin"),
    acceptLanguage: request.headers.get("accept-language"),
    clientIp,
  };
}
