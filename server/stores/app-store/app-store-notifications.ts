import "server-only";
import { z } from "zod";
import type { ResponseBodyV2DecodedPayload, SignedDataVerifier } from "@apple/app-store-server-library";
import type { Db } from "@/db/client";
import { environments, type Environment } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { findOrder } from "@/server/orders/find-order";
import { providerEventReceived, type EventVerdict } from "@/server/payments/provider-events";
import { readStoreSettingsByGameSlug, type AppStoreSettings } from "@/server/stores/settings/read-store-settings";
import { recordStoreNotification, revocationVerdict, type NotificationAnswer } from "../store-notification-events";
import { findStoreTransaction } from "../store-transaction-rows";
import { appStoreApi, appStoreUnavailable, withinTimeout } from "./app-store-api";
import { appStoreVerifier, verifyAppStoreNotification, verifyAppStoreTransaction } from "./app-store-verifier";
import { appleLibrary } from "./apple-library";
import { consumptionInformation } from "./consumption-information";

/** App Store Server Notifications V2 are small JSON bodies. */
export const APP_STORE_NOTIFICATION_MAX_BYTES = 64 * 1024;

const NotificationBody = z.object({ signedPayload: z.string().min(1).max(APP_STORE_NOTIFICATION_MAX_BYTES) });

export type AppStoreDelivery = { gameSlug: string; env: string; rawBody: Buffer };

const noEndpoint = () => new AppError("NOT_FOUND", "No App Store settings at this address.");

/**
 * `POST /api/stores/app-store/<game>/<env>`: a notification signed by Apple, verified with Apple's
 * library against the environment's app. A forged or tampered one is a 400 that changes nothing; one
 * for another app or the other environment, an unknown transaction or an unmapped product is answered
 * 200 and changes nothing (Apple would only send it again). REFUND and REVOKE claw the order back,
 * CONSUMPTION_REQUEST is answered through the App Store Server API, any other type is recorded.
 */
export async function receiveAppStoreNotification(db: Db, delivery: AppStoreDelivery): Promise<NotificationAnswer> {
  if (!(environments as readonly string[]).includes(delivery.env)) throw noEndpoint();
  const env = delivery.env as Environment;
  if (delivery.rawBody.length > APP_STORE_NOTIFICATION_MAX_BYTES) throw new AppError("VALIDATION_FAILED", "The body is too large for an App Store notification.");
  const settings = await readStoreSettingsByGameSlug(db, delivery.gameSlug, env);
  const app = settings?.appStore;
  if (!settings || !app) throw noEndpoint();
  const body = NotificationBody.safeParse(parseJson(delivery.rawBody));
  if (!body.success) throw new AppError("VALIDATION_FAILED", 'The body is not an App Store Server Notification V2 ({ "signedPayload": "…" }).');
  const verifier = await appStoreVerifier(app, env);
  const { NotificationTypeV2 } = await appleLibrary();
  let notification: ResponseBodyV2DecodedPayload;
  try {
    notification = await verifyAppStoreNotification(verifier, body.data.signedPayload, env);
  } catch (error) {
    if (isNotForThisEndpoint(error)) return { status: "ignored", detail: (error as AppError).message, orderId: null };
    throw error;
  }
  const eventId = notification.notificationUUID;
  const type = notification.notificationType ?? "UNKNOWN";
  if (!eventId) throw new AppError("VALIDATION_FAILED", "The notification has no notificationUUID.");
  const scope = settings.scope;
  if (await providerEventReceived(db, scope, { provider: "app_store", eventId })) return { status: "duplicate", detail: null, orderId: null };
  const record = (apply: (tx: Db) => Promise<EventVerdict>) => recordStoreNotification(db, scope, { notification: { store: "app_store", eventId, type, payload: notification }, apply });

  if (type === NotificationTypeV2.REFUND || type === NotificationTypeV2.REVOKE) {
    const transaction = await transactionOf(verifier, notification, env);
    if (!transaction) return record(async () => ({ status: "ignored", detail: "No transaction in the notification.", orderId: null }));
    return record((tx) =>
      revocationVerdict(tx, scope, {
        store: "app_store",
        transactionId: transaction.transactionId,
        productId: transaction.productId,
        purchaseToken: null,
        reason: type === NotificationTypeV2.REFUND ? "App Store refund" : "App Store revocation (Family Sharing)",
      }),
    );
  }
  if (type === NotificationTypeV2.CONSUMPTION_REQUEST) {
    const transaction = await transactionOf(verifier, notification, env);
    const verdict = transaction ? await answerConsumptionRequest(db, { scope, app, env }, transaction.transactionId) : null;
    return record(async () => verdict ?? { status: "ignored", detail: "Not a transaction recorded here.", orderId: null });
  }
  return record(async () => ({ status: "ignored", detail: `${type} recorded; nothing to do.`, orderId: null }));
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return null;
  }
}

function isNotForThisEndpoint(error: unknown): boolean {
  if (!(error instanceof AppError) || error.code !== "VALIDATION_FAILED") return false;
  const reason = error.details?.reason;
  return reason === "app" || reason === "environment";
}

async function transactionOf(verifier: SignedDataVerifier, notification: ResponseBodyV2DecodedPayload, env: Environment) {
  const signed = notification.data?.signedTransactionInfo;
  if (!signed) return null;
  const transaction = await verifyAppStoreTransaction(verifier, signed, env);
  if (!transaction.transactionId) return null;
  return { transactionId: transaction.transactionId, productId: transaction.productId ?? null };
}

/**
 * Sends Apple the ledger's answer (outside any transaction: a network call). Apple's failure is a 503,
 * so Apple delivers the request again; a transaction never recorded here is not answered.
 */
async function answerConsumptionRequest(db: Db, where: { scope: GameScope; app: AppStoreSettings; env: Environment }, transactionId: string): Promise<EventVerdict | null> {
  const row = await findStoreTransaction(db, where.scope, { store: "app_store", transactionId });
  if (!row?.orderId) return null;
  const order = await findOrder(db, where.scope, { orderId: row.orderId });
  const information = await consumptionInformation(db, order);
  try {
    await withinTimeout((await appStoreApi(where.app, where.env)).sendConsumptionInformation(transactionId, information));
  } catch (error) {
    throw appStoreUnavailable(error);
  }
  return { status: "processed", detail: `Consumption sent: ${information.consumptionPercentage ?? 0} / 100000.`, orderId: order.id };
}
