import "server-only";
import { randomUUID } from "node:crypto";
import { config } from "@/server/lib/config";

export const REQUEST_ID_HEADER = "X-Request-Id";
const WELL_FORMED = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The proxy's X-Request-Id when a trusted proxy stands in front (TRUST_PROXY > 0, the same setting
 * that makes its X-Forwarded-For count) and the id is well-formed; otherwise a new one. Without a
 * trusted proxy the header comes from the client, who must not pick ids that land in our logs.
 */
export function requestIdFrom(headers: { get(name: string): string | null }): string {
  if (config().TRUST_PROXY > 0) {
    const sent = headers.get(REQUEST_ID_HEADER);
    if (sent !== null && WELL_FORMED.test(sent)) return sent;
  }
  return randomUUID();
}
