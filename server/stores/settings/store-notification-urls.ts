import "server-only";
import type { Environment } from "@/db/schema";
import { publicUrlOf } from "@/server/lib/public-url";

/** App Store Connect → App Information → App Store Server Notifications (Version 2), sandbox or production URL. */
export function appStoreNotificationUrl(gameSlug: string, env: Environment): string {
  return publicUrlOf(`/api/stores/app-store/${encodeURIComponent(gameSlug)}/${env}`);
}

/**
 * The push endpoint of the Pub/Sub subscription of Play's Real-time developer notifications. Without a
 * token it ends in `?token=` for the dashboard, which shows the token itself only once.
 */
export function googlePlayNotificationUrl(gameSlug: string, env: Environment, token = ""): string {
  return `${publicUrlOf(`/api/stores/google-play/${encodeURIComponent(gameSlug)}/${env}`)}?token=${encodeURIComponent(token)}`;
}
