import { buildOpenApiDocument } from "@/server/api/openapi";
import { openApiValidator } from "./openapi-ajv";

type JsonObject = Record<string, unknown>;
type ResponseObject = { content?: { "application/json"?: { schema: JsonObject } } };
type Route = { method: string; pattern: RegExp; operationId: string; responses: Record<string, ResponseObject> };

let routes: Route[] | undefined;
let validator: ReturnType<typeof openApiValidator> | undefined;
const compiled = new Map<string, (value: unknown) => boolean>();

function load(): { routes: Route[]; validator: ReturnType<typeof openApiValidator> } {
  if (!routes || !validator) {
    const doc = buildOpenApiDocument("http://localhost/api/v1") as { paths: Record<string, Record<string, JsonObject>> };
    validator = openApiValidator(doc as unknown as JsonObject);
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        // A path parameter is one segment, as the router reads it.
        pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`),
        operationId: String(operation.operationId),
        responses: operation.responses as Record<string, ResponseObject>,
      })),
    );
  }
  return { routes, validator };
}

/**
 * Holds every answer of the HTTP suite to the OpenAPI document, so document and behaviour cannot drift:
 * a status the operation does not declare, or a body outside its declared schema, fails the test that
 * made the call. Calls outside the document (unknown routes, preflights, malformed paths) are not checked.
 */
export function assertAnswerMatchesDocument(method: string, pathAndQuery: string, status: number, text: string): void {
  const { routes: all, validator: ajv } = load();
  const path = pathAndQuery.split("?")[0] ?? "";
  const route = all.find((r) => r.method === method && r.pattern.test(path));
  if (!route) return;
  const declared = route.responses[String(status)];
  if (!declared) throw new Error(`${method} ${path} (${route.operationId}) answered ${status}, which the OpenAPI document does not declare: ${text.slice(0, 300)}`);
  const schema = declared.content?.["application/json"]?.schema;
  if (!schema) return;
  const key = `${route.operationId} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path} (${route.operationId}) answered ${status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  if (!validate(body)) {
    throw new Error(`${method} ${path} (${route.operationId}) answered ${status} outside the OpenAPI document: ${ajv.errors()}\n${text.slice(0, 500)}`);
  }
}
