import "server-only";
import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";

/**
 * The client's address: the socket's, or with `trustProxyHops` > 0 the address that many trusted
 * proxies reported in X-Forwarded-For. A client cannot pick its own address by sending the header:
 * entries beyond the trusted hops are ignored.
 */
export function clientIpOf(request: Pick<IncomingMessage, "headers" | "socket">, trustProxyHops: number): string | null {
  if (!request.socket.remoteAddress) return null;
  const address = proxyaddr(request as IncomingMessage, (_address, hop) => hop < trustProxyHops);
  return limitAddress(address);
}

/**
 * The address per-IP limits count: IPv4 as is (also when IPv4-mapped), IPv6 by its /64, since one
 * host usually holds a whole /64 and could otherwise take a fresh address for every attempt.
 */
export function limitAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}

/**
 * The custom server (server.ts) and the route handlers run in one process. The server puts the client
 * address in a header together with a secret only this process knows, so a header sent by a client
 * is never taken for ours.
 */
export const CLIENT_IP_HEADER = "x-gamecoin-client-ip";
export const CLIENT_IP_PROOF_HEADER = "x-gamecoin-client-ip-proof";

const globalForProof = globalThis as unknown as { __gamecoinIpProof?: string };

export function clientIpProof(): string {
  globalForProof.__gamecoinIpProof ??= crypto.randomUUID();
  return globalForProof.__gamecoinIpProof;
}

/** Reads the address the custom server vouched for; null when the request did not come through it. */
export function trustedClientIp(headers: { get(name: string): string | null }): string | null {
  const proof = globalForProof.__gamecoinIpProof;
  if (!proof || headers.get(CLIENT_IP_PROOF_HEADER) !== proof) return null;
  return headers.get(CLIENT_IP_HEADER);
}

/**
 * What the custom server does to every request before Next.js sees it: drop any client-sent copy of
 * our headers, then vouch for the address it computed.
 */
export function vouchForClientIp(request: Pick<IncomingMessage, "headers" | "socket">, trustProxyHops: number): void {
  // SECURITY: whatever a client sent in our headers is dropped before we set them.
  delete request.headers[CLIENT_IP_HEADER];
  delete request.headers[CLIENT_IP_PROOF_HEADER];
  const ip = clientIpOf(request, trustProxyHops);
  if (!ip) return;
  request.headers[CLIENT_IP_HEADER] = ip;
  request.headers[CLIENT_IP_PROOF_HEADER] = clientIpProof();
}
