import "server-only";
import type { LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Agent } from "undici";
import type { Environment } from "@/db/schema";
import { resolveAllowed, systemResolve, type Resolve } from "./ssrf";

/**
 * An undici dispatcher whose sockets connect only to addresses the SSRF guard checked. The check runs
 * inside `connect.lookup`, and the lookup answers with exactly the checked addresses, so there is no
 * second DNS query for an attacker to answer differently (DNS rebinding).
 * Node skips `lookup` for IP literals; send-webhook.ts checks those before calling fetch.
 */
export function createGuardedAgent(env: Environment, options: { timeoutMs: number; resolve?: Resolve }): Agent {
  const resolve = options.resolve ?? systemResolve;
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolveAllowed(hostname, env, resolve).then(
      (addresses) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const entries: LookupAddress[] = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => wanted === 0 || entry.family === wanted);
        const first = entries[0];
        if (!first) {
          callback(Object.assign(new Error(`no IPv${wanted} address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
          return;
        }
        // SECURITY: the socket connects to these checked addresses and nothing else.
        if (lookupOptions.all) callback(null, entries);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, "", 0),
    );
  };
  return new Agent({
    connect: { lookup, timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    // Receivers are many and calls are rare: do not hold idle sockets for long.
    keepAliveTimeout: 1_000,
  });
}
