import { getDb } from "@/server/db/connection";
import { errorResponse, jsonResponse } from "@/server/api/http";
import { receiveStripeWebhook } from "@/server/payments/stripe-webhook";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Stripe's webhook endpoint for one game and environment: the exact bytes go to the domain, which verifies them. */
export async function POST(request: Request, context: { params: Promise<{ game: string; env: string }> }): Promise<Response> {
  try {
    const { game, env } = await context.params;
    const body = Buffer.from(await request.arrayBuffer());
    const recorded = await receiveStripeWebhook(await getDb(), { gameSlug: game, env, rawBody: body, signature: request.headers.get("stripe-signature") });
    return jsonResponse(200, { received: true, status: recorded.status });
  } catch (error) {
    return errorResponse(error);
  }
}
