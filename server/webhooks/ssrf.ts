import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import type { Environment } from "@/db/schema";

/**
 * The SSRF guard: which host names and addresses a webhook may reach. Used at endpoint creation and
 * again at every send (guarded-agent.ts), where the checked address is the one the socket connects to.
 */

/** Host name → addresses. Injected in tests so a name can map to any address without real DNS. */
export type Resolve = (hostname: string) => Promise<string[]>;

export const systemResolve: Resolve = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};

/** A refusal of the guard; delivery records it as the attempt's error "address not allowed". */
export class AddressNotAllowedError extends Error {
  readonly code = "ADDRESS_NOT_ALLOWED";
  constructor(readonly host: string, readonly reason: string) {
    super(`address not allowed: ${host} (${reason})`);
    this.name = "AddressNotAllowedError";
  }
}

// Suffixes that only resolve inside a private network (RFC 6761, 6762, 8375 and common conventions).
const INTERNAL_SUFFIXES = [
  ".local",
  ".localhost",
  ".localdomain",
  ".internal",
  ".intranet",
  ".private",
  ".home.arpa",
  ".home",
  ".lan",
  ".corp",
];

/** `[::1]` → `::1`, `Example.COM.` → `example.com`. */
export function normalizeHost(hostname: string): string {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return bare.toLowerCase().replace(/\.+$/, "");
}

/** Canonical IP literals only (the URL parser already turned `0x7f.1` and friends into dotted quads). */
export function isIpLiteral(host: string): boolean {
  return isIP(normalizeHost(host)) !== 0;
}

/**
 * Loopback is reachable only from the test environment, and only when asked for plainly: `localhost`,
 * 127.x or `::1` (never through an IPv4-mapped form, which no honest test setup needs).
 */
export function loopbackAllowed(host: string, env: Environment): boolean {
  if (env !== "test") return false;
  const bare = normalizeHost(host);
  if (bare === "localhost") return true;
  if (!isIpLiteral(bare)) return false;
  const { range, embedded } = classify(bare);
  return range === "loopback" && !embedded;
}

/** Why a host name (not an IP literal) is refused, or null. `localhost` is the one internal name test may use. */
export function nameProblem(host: string, env: Environment): string | null {
  const name = normalizeHost(host);
  if (name === "localhost") return env === "test" ? null : "localhost is allowed in the test environment only";
  if (!name.includes(".")) return "internal host names (without a dot) are not allowed";
  if (INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix))) return "internal host names are not allowed";
  return null;
}

type Classification = { range: string; embedded: boolean };

/**
 * The ipaddr.js range of an address. IPv4-mapped and IPv4-compatible IPv6 addresses are judged by the
 * IPv4 address they carry (`embedded` true).
 */
function classify(address: string): Classification {
  if (!ipaddr.isValid(address)) return { range: "unparsable", embedded: false };
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return { range: v6.toIPv4Address().range(), embedded: true };
    // IPv4-compatible (::a.b.c.d, deprecated): ipaddr.js calls it unicast, but it carries an IPv4 address.
    const [, , , , , , high = 0, low = 0] = v6.parts;
    const compatible = v6.parts.slice(0, 6).every((part) => part === 0) && (high !== 0 || low > 1);
    if (compatible) {
      const v4 = new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
      return { range: v4.range(), embedded: true };
    }
  }
  return { range: parsed.range(), embedded: false };
}

/** Why an address is refused, or null when it may be reached. */
export function addressProblem(address: string, options: { allowLoopback: boolean }): string | null {
  const bare = normalizeHost(address);
  if (!isIpLiteral(bare)) return `${address} is not an IP address`;
  const { range, embedded } = classify(bare);
  // SECURITY: only ipaddr.js's "unicast" is public; every special range (private, loopback, linkLocal,
  // carrierGradeNat, unspecified, multicast, broadcast, reserved, uniqueLocal, 6to4, teredo…) is refused.
  if (range === "unicast") return null;
  if (range === "loopback" && options.allowLoopback && !embedded) return null;
  return `${address} is in a non-public range (${range})`;
}

/**
 * Resolves a host (an IP literal resolves to itself) and checks every address. One refused address
 * refuses the host: a name that answers with a mix is what a rebinding attack looks like.
 */
export async function resolveAllowed(host: string, env: Environment, resolve: Resolve = systemResolve): Promise<string[]> {
  const bare = normalizeHost(host);
  const allowLoopback = loopbackAllowed(bare, env);
  const literal = isIpLiteral(bare);
  if (!literal) {
    const problem = nameProblem(bare, env);
    if (problem) throw new AddressNotAllowedError(bare, problem);
  }
  const addresses = literal ? [bare] : await resolve(bare);
  if (addresses.length === 0) throw new AddressNotAllowedError(bare, "the name has no address");
  for (const address of addresses) {
    const problem = addressProblem(address, { allowLoopback });
    if (problem) throw new AddressNotAllowedError(bare, problem);
  }
  return addresses;
}
