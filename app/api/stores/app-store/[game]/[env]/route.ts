import { getDb } from "@/server/db/connection";
import { errorResponse, jsonResponse } from "@/server/api/http";
import { receiveAppStoreNotification } from "@/server/stores/app-store/app-store-notifications";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** App Store Server Notifications V2 for one game and environment: the domain verifies Apple's signature. */
export async function POST(request: Request, context: { params: Promise<{ game: string; env: string }> }): Promise<Response> {
  try {
    const { game, env } = await context.params;
    const rawBody = Buffer.from(await request.arrayBuffer());
    const answer = await receiveAppStoreNotification(await getDb(), { gameSlug: game, env, rawBody });
    return jsonResponse(200, { received: true, status: answer.status });
  } catch (error) {
    return errorResponse(error);
  }
}
