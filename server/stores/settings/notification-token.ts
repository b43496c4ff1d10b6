import "server-only";
import { constantTimeEqual } from "@/server/lib/secrets";
import type { StoreSettings } from "./read-store-settings";

/** Whether a Google Play notification push carries the environment's token (compared in constant time). */
export function googlePlayNotificationTokenMatches(settings: StoreSettings, token: string | null | undefined): boolean {
  const expected = settings.googlePlay?.notificationToken;
  if (!expected || !token) return false;
  return constantTimeEqual(token, expected);
}
