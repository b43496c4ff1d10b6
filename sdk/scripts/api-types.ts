import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { GET as getOpenApiDocument } from "@/app/api/v1/openapi.json/route";

const HEADER = `/**
 * Generated from the app's OpenAPI document by sdk/scripts/generate-api-types.ts. Do not edit by hand:
 * tests/sdk/generated-types.test.ts fails when this file and the document drift apart.
 */
`;

/** The app's current OpenAPI document, as GET /api/v1/openapi.json serves it. */
export async function currentOpenApiDocument(): Promise<OpenAPI3> {
  return (await getOpenApiDocument().json()) as OpenAPI3;
}

/** sdk/src/generated/api.ts: openapi-typescript's types for the document. */
export async function apiTypesSource(document: OpenAPI3): Promise<string> {
  const ast = await openapiTS(document, { exportType: true });
  return `${HEADER}\n${astToString(ast)}`;
}

type Route = { method: string; path: string; idempotent: boolean };

/** sdk/src/generated/routes.ts: method, path and whether it takes an Idempotency-Key, per operation id. */
export function routesSource(document: OpenAPI3): string {
  const routes: Record<string, Route> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, unknown>)) {
      const op = operation as { operationId?: string; parameters?: { name: string; in: string }[] };
      if (!op.operationId) continue;
      const idempotent = (op.parameters ?? []).some((p) => p.in === "header" && p.name === "Idempotency-Key");
      routes[op.operationId] = { method: method.toUpperCase(), path, idempotent };
    }
  }
  const lines = Object.entries(routes).map(([id, r]) => `  ${id}: { method: "${r.method}", path: "${r.path}", idempotent: ${r.idempotent} },`);
  return `${HEADER}\nexport const routes = {\n${lines.join("\n")}\n} as const;\n\nexport type OperationId = keyof typeof routes;\n`;
}
