import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { environments, type Environment } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { readStoreSettingsByGameSlug } from "@/server/stores/settings/read-store-settings";
import { googlePlayNotificationTokenMatches } from "@/server/stores/settings/notification-token";
import { recordStoreNotification, revocationVerdict, type NotificationAnswer } from "../store-notification-events";

export const GOOGLE_PLAY_NOTIFICATION_MAX_BYTES = 64 * 1024;

/** A Pub/Sub push: the message's data is the notification, base64-encoded JSON. */
const PubSubPush = z.object({
  message: z.object({ data: z.string().max(GOOGLE_PLAY_NOTIFICATION_MAX_BYTES), messageId: z.string().min(1).max(200) }),
  subscription: z.string().optional(),
});

/** Real-time developer notification: the parts Gamecoin acts on. */
const DeveloperNotification = z.object({
  packageName: z.string(),
  voidedPurchaseNotification: z
    .object({ purchaseToken: z.string().min(1), orderId: z.string().min(1).optional(), productType: z.number().int().optional() })
    .optional(),
  oneTimeProductNotification: z.object({ notificationType: z.number().int(), sku: z.string().optional() }).optional(),
  testNotification: z.object({}).passthrough().optional(),
});

/** Google's `productType` of a voided one-time product (1 is a subscription, out of scope). */
const ONE_TIME_PRODUCT = 2;

export type GooglePlayDelivery = { gameSlug: string; env: string; token: string | null; rawBody: Buffer };

const noEndpoint = () => new AppError("NOT_FOUND", "No Google Play settings at this address.");

/**
 * `POST /api/stores/google-play/<game>/<env>?token=…`: a Pub/Sub push of a Real-time developer
 * notification, authenticated by the environment's notification token (constant-time comparison). A
 * voided one-time purchase claws its order back; any other notification, another package's, or one for
 * a purchase never recorded is answered 200 (Pub/Sub would only push it again) and changes nothing but
 * the log, except that a voided purchase never recorded is remembered and can no longer be recorded.
 */
export async function receiveGooglePlayNotification(db: Db, delivery: GooglePlayDelivery): Promise<NotificationAnswer> {
  if (!(environments as readonly string[]).includes(delivery.env)) throw noEndpoint();
  const env = delivery.env as Environment;
  if (delivery.rawBody.length > GOOGLE_PLAY_NOTIFICATION_MAX_BYTES) throw new AppError("VALIDATION_FAILED", "The body is too large for a Pub/Sub push.");
  const settings = await readStoreSettingsByGameSlug(db, delivery.gameSlug, env);
  const play = settings?.googlePlay;
  if (!settings || !play) throw noEndpoint();
  // SECURITY: the token is the push's only credential; a wrong one learns nothing else about the endpoint.
  if (!googlePlayNotificationTokenMatches(settings, delivery.token)) throw new AppError("FORBIDDEN", "The notification token does not match.");
  const push = PubSubPush.safeParse(parseJson(delivery.rawBody.toString("utf8")));
  if (!push.success) throw new AppError("VALIDATION_FAILED", "The body is not a Pub/Sub push message.");
  const notification = DeveloperNotification.safeParse(parseJson(Buffer.from(push.data.message.data, "base64").toString("utf8")));
  if (!notification.success) throw new AppError("VALIDATION_FAILED", "The message's data is not a Real-time developer notification.");
  const scope = settings.scope;
  const data = notification.data;
  const voided = data.voidedPurchaseNotification;
  const type = voided ? "voidedPurchaseNotification" : data.oneTimeProductNotification ? "oneTimeProductNotification" : data.testNotification ? "testNotification" : "other";
  const event = { store: "google_play" as const, eventId: push.data.message.messageId, type, payload: data };
  if (data.packageName !== play.packageName) {
    return { status: "ignored", detail: `Package ${data.packageName} is not this environment's.`, orderId: null };
  }
  if (!voided || (voided.productType !== undefined && voided.productType !== ONE_TIME_PRODUCT)) {
    return recordStoreNotification(db, scope, { notification: event, apply: async () => ({ status: "ignored", detail: `${type} recorded; nothing to do.`, orderId: null }) });
  }
  return recordStoreNotification(db, scope, {
    notification: event,
    apply: (tx) =>
      revocationVerdict(tx, scope, {
        store: "google_play",
        transactionId: voided.orderId ?? voided.purchaseToken,
        productId: null,
        purchaseToken: voided.purchaseToken,
        reason: "Google Play voided purchase",
      }),
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
