import { trustedClientIp } from "@/server/lib/client-ip";
import type { RequestFacts } from "./operation";

/** Header facts the handlers use; the client address is the one the custom server vouched for. */
export async function requestFacts(request: Request, clientIp: string | null = trustedClientIp(request.headers)): Promise<RequestFacts> {
  return {
    origin: request.headers.get("origin"),
    acceptLanguage: request.headers.get("accept-language"),
    clientIp,
  };
}
