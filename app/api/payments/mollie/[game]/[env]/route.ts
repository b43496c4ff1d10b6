import { getDb } from "@/server/db/connection";
import { errorResponse, jsonResponse } from "@/server/api/http";
import { receiveMollieWebhook } from "@/server/payments/mollie/mollie-webhook";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Mollie's webhook for one game and environment: a form body naming a payment, which the domain fetches from Mollie. */
export async function POST(request: Request, context: { params: Promise<{ game: string; env: string }> }): Promise<Response> {
  try {
    const { game, env } = await context.params;
    const body = Buffer.from(await request.arrayBuffer());
    const answer = await receiveMollieWebhook(await getDb(), { gameSlug: game, env, rawBody: body });
    return jsonResponse(200, { received: true, status: answer.status });
  } catch (error) {
    return errorResponse(error);
  }
}
