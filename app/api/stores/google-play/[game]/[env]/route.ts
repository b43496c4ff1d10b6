import { getDb } from "@/server/db/connection";
import { errorResponse, jsonResponse } from "@/server/api/http";
import { receiveGooglePlayNotification } from "@/server/stores/google-play/google-play-notifications";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Google Play's Real-time developer notifications (a Pub/Sub push), authenticated by `?token=`. */
export async function POST(request: Request, context: { params: Promise<{ game: string; env: string }> }): Promise<Response> {
  try {
    const { game, env } = await context.params;
    const rawBody = Buffer.from(await request.arrayBuffer());
    const token = new URL(request.url).searchParams.get("token");
    const answer = await receiveGooglePlayNotification(await getDb(), { gameSlug: game, env, token, rawBody });
    return jsonResponse(200, { received: true, status: answer.status });
  } catch (error) {
    return errorResponse(error);
  }
}
