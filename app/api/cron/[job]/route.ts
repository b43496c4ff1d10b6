import { getDb } from "@/server/db/connection";
import { errorResponse, jsonResponse } from "@/server/api/http";
import { isJobRequest, runJob } from "@/server/jobs/run-job";
import { config } from "@/server/lib/config";
import { AppError } from "@/server/lib/errors";
import { constantTimeEqual } from "@/server/lib/secrets";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** SECURITY: only a caller holding CRON_SECRET may run jobs; with no secret configured, nobody may. */
function authorized(request: Request): boolean {
  const secret = config().CRON_SECRET;
  if (!secret) return false;
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer (.+)$/.exec(header);
  return match?.[1] !== undefined && constantTimeEqual(match[1], secret);
}

/** `POST /api/cron/<job>` (the scheduler route): runs `webhooks`, `expire-orders`, `payments`, `cleanup` or `all`. */
export async function POST(request: Request, context: { params: Promise<{ job: string }> }): Promise<Response> {
  try {
    // Authentication before routing, so job names are not revealed to strangers.
    if (!authorized(request)) throw new AppError("UNAUTHENTICATED", "A valid Authorization: Bearer <CRON_SECRET> header is required.");
    const { job } = await context.params;
    if (!isJobRequest(job)) throw new AppError("NOT_FOUND", `No job named ${JSON.stringify(job)}.`);
    return jsonResponse(200, await runJob(await getDb(), job));
  } catch (error) {
    return errorResponse(error);
  }
}
