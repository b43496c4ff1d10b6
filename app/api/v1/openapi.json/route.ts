import { jsonResponse } from "@/server/api/http";
import { API_PREFIX } from "@/server/api/pipeline";
import { buildOpenApiDocument } from "@/server/api/openapi";
import { config } from "@/server/lib/config";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return jsonResponse(200, buildOpenApiDocument(config().publicUrl + API_PREFIX), { "Access-Control-Allow-Origin": "*" });
}
