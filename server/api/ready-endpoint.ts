import "server-only";
import type { ServerResponse } from "node:http";
import { jsonAnswer, mergedHeaders } from "@/server/api/http";
import { config } from "@/server/lib/config";
import { baseSecurityHeaders } from "@/server/lib/security-headers";
import { checkReadiness, readinessStatus } from "@/server/runtime/readiness";

export const READY_PATH = "/api/ready";

export function isReadyRequest(url: string | undefined): boolean {
  return (url ?? "").split("?")[0] === READY_PATH;
}

/**
 * GET /api/ready from the Node server itself: the draining flag lives in this process, and a probe
 * must be answered even while Next.js's handling is busy or being torn down.
 */
export async function serveReadiness(res: ServerResponse): Promise<void> {
  const readiness = await checkReadiness();
  const answer = jsonAnswer(readinessStatus(readiness), readiness);
  res.writeHead(answer.status, mergedHeaders(baseSecurityHeaders(config().publicUrl), answer.headers));
  res.end(answer.body ?? undefined);
}
