import { ID_PATTERN } from "@/server/lib/ids";
import type { PlayerRef } from "@/server/players/player-ref";

export const PLAYER_REF_INVALID = "PLAYER_REF_INVALID";

/**
 * Reads the `{player}` path segment as it arrived on the wire (still percent-encoded): a service id,
 * or `ext:` + the caller's id encoded exactly once. Returns null for anything else.
 */
export function parsePlayerRefSegment(rawSegment: string): PlayerRef | null {
  if (ID_PATTERN.test(rawSegment.toLowerCase()) && rawSegment.length === 24) return { kind: "id", id: rawSegment.toLowerCase() };
  if (!rawSegment.startsWith("ext:")) return null;
  let externalId: string;
  try {
    externalId = decodeURIComponent(rawSegment.slice(4));
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
