import "server-only";
import { trustedClientIp } from "@/server/lib/client-ip";
import type { HeaderReader } from "./api-message";
import type { RequestFacts } from "./operation";

/** Header facts the handlers use; the client address is the one the custom server vouched for. */
export function requestFacts(headers: HeaderReader, clientIp: string | null = trustedClientIp(headers)): RequestFacts {
  return {
    origin: headers.get("origin"),
    acceptLanguage: headers.get("accept-language"),
    clientIp,
  };
}
