import "server-only";
import { trustedClientIp } from "@/server/lib/client-ip";
import type { HeaderReader } from "./api-message";
import type { RequestFacts } from "./operation";

/**
 * The client address is worked out only when something reads it (client-route limits, gift codes): a
 * server route with a secret key never does, and parsing it cost a few µs of every request. A class,
 * because an object literal with a getter is slower to build than the parsing it saves.
 */
class LazyFacts implements RequestFacts {
  private ip: string | null | undefined;

  constructor(
    readonly origin: string | null,
    readonly acceptLanguage: string | null,
    private readonly clientIpOf: () => string | null,
  ) {}

  get clientIp(): string | null {
    if (this.ip === undefined) this.ip = this.clientIpOf();
    return this.ip;
  }
}

/** Header facts the handlers use; by default the client address is the one the custom server vouched for. */
export function requestFacts(headers: HeaderReader, clientIpOf: () => string | null = () => trustedClientIp(headers)): RequestFacts {
  return new LazyFacts(headers.get("origin"), headers.get("accept-language"), clientIpOf);
}
