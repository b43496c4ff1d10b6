import "server-only";
import { ID_PATTERN } from "@/server/lib/ids";
import type { PlayerRef } from "@/server/players/player-ref";

export const PLAYER_REF_INVALID = "PLAYER_REF_INVALID";

/**
 * The `ext:` prefix as typed, or with its colon percent-encoded (either hex case): RFC 6570 clients,
 * generated from the OpenAPI document, encode every reserved character of a path parameter, so they
 * send `ext%3Aplayer-42`. Only the colon may be encoded; `ext%253A` (encoded twice) is not a prefix.
 */
const EXT_PREFIX = /^ext(?::|%3[Aa])/;

/**
 * Reads the `{player}` path segment as it arrived on the wire (still percent-encoded): a service id,
 * or the `ext:` prefix + the caller's id encoded exactly once. Returns null for anything else.
 */
export function parsePlayerRefSegment(rawSegment: string): PlayerRef | null {
  if (ID_PATTERN.test(rawSegment.toLowerCase()) && rawSegment.length === 24) return { kind: "id", id: rawSegment.toLowerCase() };
  const prefix = EXT_PREFIX.exec(rawSegment);
  if (!prefix) return null;
  let externalId: string;
  try {
    externalId = decodeURIComponent(rawSegment.slice(prefix[0].length));
  } catch {
    return null;
  }
  // A value still holding an escape after one decoding was encoded twice.
  if (/%[0-9A-Fa-f]{2}/.test(externalId)) return null;
  // Characters, not UTF-16 units (as the fixture loader counts them); NUL cannot be stored.
  const length = Array.from(externalId).length;
  if (length < 1 || length > 128 || externalId.includes("\u0000")) return null;
  if (externalId.trim() !== externalId) return null;
  return { kind: "external", externalId };
}
