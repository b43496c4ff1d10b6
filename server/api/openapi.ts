import { z } from "zod";
import { errorStatus, type ErrorCode } from "@/server/lib/errors";
import { EmptyBody, EmptyQuery, type AnyOperation } from "./operation";
import { operations } from "./operations";
import { ErrorEnvelope } from "./resource-schemas";

type JsonObject = Record<string, unknown>;

const COMPONENT_PREFIX = "#/components/schemas/";

/** zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect), with shared definitions moved to components. */
function toSchema(schema: z.ZodType, io: "input" | "output", components: JsonObject): JsonObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonObject;
  const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
  for (const [name, def] of Object.entries(defs)) components[name] ??= def;
  delete json.$defs;
  delete json.$schema;
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${COMPONENT_PREFIX}`)) as JsonObject;
}

function componentRef(schema: z.ZodType, components: JsonObject): JsonObject {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id === "string") return { $ref: COMPONENT_PREFIX + id };
  return toSchema(schema, "output", components);
}

/** How every body is read (server/api/json-body.ts); the same for each operation. */
const REQUEST_BODY_RULES =
  "Sent with `Content-Type: application/json` (parameters such as `charset=utf-8` allowed; no other type, `+json` types included), " +
  "as UTF-8 of at most 64 KiB, with no key twice in one object and no lone UTF-16 surrogate in a string; anything else is " +
  "`400 VALIDATION_FAILED` naming the header, `body` or the field. An empty body counts as `{}` and needs no `Content-Type`.";

const pipelineErrors: ErrorCode[] = ["VALIDATION_FAILED", "UNAUTHENTICATED", "FORBIDDEN", "RATE_LIMITED", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"];

function errorResponses(operation: AnyOperation): JsonObject {
  const codes = new Set<ErrorCode>([...pipelineErrors, ...((operation.errors ?? []) as ErrorCode[])]);
  if (operation.idempotent) codes.add("IDEMPOTENCY_KEY_REQUIRED");
  if (operation.path.includes("{")) codes.add("NOT_FOUND");
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  const responses: JsonObject = {};
  for (const [status, list] of [...byStatus.entries()].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.join(", "),
      content: { "application/json": { schema: { $ref: `${COMPONENT_PREFIX}Error` } } },
      ...(status === 429 || status === 503 ? { headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait" } } } : {}),
    };
  }
  return responses;
}

function securityOf(operation: AnyOperation): JsonObject[] {
  if (operation.auth === "secret") return [{ secretKey: [] }];
  if (operation.auth === "publishable") return [{ publishableKey: [] }];
  return [{ publishableKey: [], playerToken: [] }];
}

function parametersOf(operation: AnyOperation, components: JsonObject): JsonObject[] {
  const parameters: JsonObject[] = [];
  for (const match of operation.path.matchAll(/\{(\w+)\}/g)) {
    const name = match[1] as string;
    parameters.push({
      name,
      in: "path",
      required: true,
      schema: { type: "string" },
      description:
        name === "player"
          ? "A service player id (24 hexadecimal characters) or `ext:<your id>`, the id URL-encoded exactly once."
          : name === "orderId"
            ? "24 hexadecimal characters."
            : undefined,
    });
  }
  if (operation.idempotent) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: true,
      schema: { type: "string", minLength: 1, maxLength: 100 },
      description: "1 to 100 printable ASCII characters; the same key with the same request replays the first answer.",
    });
  }
  if (operation.query && operation.query !== EmptyQuery) {
    const query = toSchema(operation.query, "input", components);
    const properties = (query.properties ?? {}) as Record<string, JsonObject>;
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) parameters.push({ name, in: "query", required: required.has(name), schema });
  }
  return parameters;
}

/** The OpenAPI 3.1 document of both APIs, built from the same declarations and zod schemas that serve them. */
export function buildOpenApiDocument(serverUrl: string): JsonObject {
  const registry = z.toJSONSchema(z.globalRegistry, { uri: (id) => COMPONENT_PREFIX + id }) as { schemas: Record<string, JsonObject> };
  const components: JsonObject = {};
  for (const [name, schema] of Object.entries(registry.schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema;
    components[name] = rest;
  }
  void ErrorEnvelope;
  const paths: Record<string, JsonObject> = {};
  for (const operation of operations) {
    const entry: JsonObject = {
      operationId: operation.id,
      summary: operation.summary,
      tags: [operation.tag],
      security: securityOf(operation),
      parameters: parametersOf(operation, components),
      responses: {
        [String(operation.successStatus)]: {
          description: "Success",
          content: { "application/json": { schema: componentRef(operation.response, components) } },
          ...(operation.idempotent
            ? { headers: { "Idempotent-Replayed": { schema: { type: "string", enum: ["true"] }, description: "Present on a replayed answer" } } }
            : {}),
        },
        ...errorResponses(operation),
      },
    };
    if (operation.description) entry.description = operation.description;
    if (operation.method !== "GET") {
      const bodySchema = operation.body ?? EmptyBody;
      entry.requestBody = {
        required: false,
        description: REQUEST_BODY_RULES,
        content: { "application/json": { schema: toSchema(bodySchema, "input", components) } },
      };
    }
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = entry;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Gamecoin API",
      version: "1.0.0",
      description:
        "Virtual currencies, inventories and pack sales for one game. The key decides the game and the environment. " +
        "Every response carries `Cache-Control: no-store`; errors use the envelope `{ error: { code, message, details } }`.",
    },
    servers: [{ url: serverUrl }],
    components: {
      schemas: components,
      securitySchemes: {
        secretKey: { type: "http", scheme: "bearer", description: "Secret key `svc_sk_…` (server API)" },
        publishableKey: { type: "apiKey", in: "header", name: "X-Service-Key", description: "Publishable key `svc_pk_test_…` / `svc_pk_live_…`" },
        playerToken: { type: "http", scheme: "bearer", description: "Player token `svc_pt_…` (client /me routes)" },
      },
    },
    paths,
  };
}
