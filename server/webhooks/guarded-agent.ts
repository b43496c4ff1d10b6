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
 * Node skips `lookup` for IP literals; send-webhook.ts checks those before sending.
 */
/** How long an agent reuses a host's checked addresses for new connections (a run opens many at once). */
export const CHECKED_ADDRESSES_TTL_MS = 5_000;

export function createGuardedAgent(env: Environment, options: { timeoutMs: number; resolve?: Resolve }): Agent {
  const resolve = options.resolve ?? systemResolve;
  const checked = new Map<string, { at: number; addresses: Promise<string[]> }>();
  // One resolution and check per host for the sockets a batch opens together; a refusal is not kept.
  const resolveChecked = (hostname: string): Promise<string[]> => {
    const now = performance.now();
    const cached = checked.get(hostname);
    if (cached && now - cached.at < CHECKED_ADDRESSES_TTL_MS) return cached.addresses;
    const addresses = resolveAllowed(hostname, env, resolve);
    checked.set(hostname, { at: now, addresses });
    addresses.catch(() => checked.delete(hostname));
    return addresses;
  };
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolveChecked(hostname).then(
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
