import "server-only";
import { config } from "@/server/lib/config";

/**
 * The session signing secret. Production must set AUTH_SECRET; development falls back to a fixed value
 * so `npm run dev` works on a bare machine (those sessions are worthless elsewhere).
 */
export function authSecret(): string {
  const { AUTH_SECRET, NODE_ENV } = config();
  if (AUTH_SECRET) return AUTH_SECRET;
  if (NODE_ENV === "production") throw new Error("AUTH_SECRET must be set in production.");
  return "gamecoin-development-only-secret-do-not-use";
}
