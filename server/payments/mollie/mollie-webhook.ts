import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { environments, type Environment } from "@/db/schema";
import { AppError } from "@/server/lib/errors";
import { mollieConfigForWebhook } from "../payment-config";
import { MollieUnreachable, mollieClient } from "./mollie-client";
import { settleMolliePayment } from "./mollie-settle";

/** Mollie posts one short form field; anything far larger is not its webhook. */
export const MOLLIE_WEBHOOK_MAX_BYTES = 4 * 1024;

const WebhookBody = z.object({ id: z.string().regex(/^tr_[A-Za-z0-9]{1,64}$/, "Must be a Mollie payment id (tr_…)") });

export type MollieDelivery = { gameSlug: string; env: string; rawBody: Buffer };
export type MollieWebhookAnswer = { status: "processed" | "ignored" | "refused" | "deferred" | "duplicate" | "unknown" };

const notConnected = () => new AppError("VALIDATION_FAILED", "No Mollie account is connected at this address.");

/**
 * `POST /api/payments/mollie/<game>/<env>` with the form body `id=tr_…`. Mollie signs nothing, so the
 * body is only a hint: the payment is fetched from Mollie with the environment's key, and only what
 * Mollie answers moves the order (mollie-settle.ts). An id Mollie does not know, or a payment of
 * another game, environment or mode, is answered 200 and changes nothing (a 4xx would only make Mollie
 * retry, and tells a prober nothing). Mollie unreachable is a 503: Mollie calls again later.
 */
export async function receiveMollieWebhook(db: Db, { gameSlug, env, rawBody }: MollieDelivery): Promise<MollieWebhookAnswer> {
  if (!(environments as readonly string[]).includes(env)) throw notConnected();
  if (rawBody.length > MOLLIE_WEBHOOK_MAX_BYTES) throw new AppError("VALIDATION_FAILED", "The body is too large for a Mollie webhook.");
  const body = WebhookBody.safeParse(Object.fromEntries(new URLSearchParams(rawBody.toString("utf8"))));
  if (!body.success) throw new AppError("VALIDATION_FAILED", "The body must be the form field id=tr_….");
  const config = await mollieConfigForWebhook(db, gameSlug, env as Environment);
  if (!config) throw notConnected();
  try {
    const recorded = await settleMolliePayment(db, { gameId: config.gameId, env: config.env }, { client: mollieClient(config.apiKey), paymentId: body.data.id });
    return { status: recorded?.status ?? "unknown" };
  } catch (error) {
    if (error instanceof MollieUnreachable) {
      throw new AppError("SERVICE_UNAVAILABLE", "Mollie could not be reached to read the payment; nothing changed.", undefined, { "Retry-After": "5" });
    }
    throw error;
  }
}
