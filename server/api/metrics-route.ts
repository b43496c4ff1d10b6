import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiAnswer } from "@/server/api/api-message";
import { errorAnswer } from "@/server/api/http";
import { config } from "@/server/lib/config";
import { AppError } from "@/server/lib/errors";
import { metrics } from "@/server/observability/metrics";
import { refreshWebhookQueueGauges } from "@/server/observability/webhook-queue-gauges";

export const METRICS_PATH = "/api/metrics";

/** Compared as SHA-256 digests: equal lengths for timingSafeEqual, and no early exit on the first differing byte. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * GET /api/metrics: 404 while METRICS_TOKEN is unset (the route does not exist), 401 without the
 * right `Authorization: Bearer <METRICS_TOKEN>`, else the registry in Prometheus text format.
 */
export async function metricsAnswer(authorization: string | null): Promise<ApiAnswer> {
  const { METRICS_TOKEN } = config();
  if (!METRICS_TOKEN) return errorAnswer(new AppError("NOT_FOUND", `No route GET ${METRICS_PATH}.`));
  const match = /^Bearer (.+)$/i.exec(authorization ?? "");
  if (!match?.[1] || !sameToken(match[1], METRICS_TOKEN)) {
    return errorAnswer(new AppError("UNAUTHENTICATED", "A valid metrics token is required.", undefined, { "WWW-Authenticate": "Bearer" }));
  }
  await refreshWebhookQueueGauges();
  const registry = metrics().metricsRegistry;
  return { status: 200, headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" }, body: await registry.metrics() };
}

export async function metricsResponse(request: Request): Promise<Response> {
  const answer = await metricsAnswer(request.headers.get("authorization"));
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** The same route for a plain Node server (server.ts may answer it before Next.js). */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const answer = await metricsAnswer(req.headers.authorization ?? null);
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body ?? undefined);
}
