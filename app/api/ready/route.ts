import { jsonResponse } from "@/server/api/http";
import { checkReadiness, readinessStatus } from "@/server/runtime/readiness";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Development only in effect: the production server answers /api/ready before Next.js (server.ts). */
export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  return jsonResponse(readinessStatus(readiness), readiness);
}
