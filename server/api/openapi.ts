import "server-only";
import { z } from "zod";
import { errorStatus, type ErrorCode } from "@/server/lib/errors";
import { EmptyBody, EmptyQuery, type AnyOperation } from "./operation";
import { operations } from "./operations";
import { requestExamples, responseExamples } from "./openapi-examples";
import { webhooksSection } from "./openapi-webhooks";
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

/** Every answer names its request (the id a trusted proxy sent, or a new one), for support and log search. */
const REQUEST_ID_HEADER = {
  "X-Request-Id": {
    description:
      "The request's id: the `X-Request-Id` a trusted reverse proxy sent (at most 128 of `A-Z a-z 0-9 . _ -`), or a new UUID. " +
      "Quote it when asking for support; it is on the service's log line of the request.",
    schema: { type: "string", maxLength: 128, pattern: "^[A-Za-z0-9._-]+$" },
  },
};

function errorResponses(operation: AnyOperation): JsonObject {
  const codes = new Set<ErrorCode>([...pipelineErrors, ...((operation.errors ?? []) as ErrorCode[])]);
  if (operation.idempotent) codes.add("IDEMPOTENCY_KEY_REQUIRED");
  if (operation.path.includes("{")) codes.add("NOT_FOUND");
  // SPEC: a blocked player is refused on every client route that acts for a player.
  if (operation.auth === "player") codes.add("PLAYER_BLOCKED");
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  const responses: JsonObject = {};
  for (const [status, list] of [...byStatus.entries()].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.join(", "),
      content: {
        "application/json": {
          schema: { $ref: `${COMPONENT_PREFIX}Error` },
          example: { error: { code: list[0], message: errorExampleMessage(list[0] as ErrorCode) } },
        },
      },
      headers: {
        ...REQUEST_ID_HEADER,
        ...(status === 429 || status === 503 ? { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait" } } : {}),
      },
    };
  }
  return responses;
}

function errorExampleMessage(code: ErrorCode): string {
  return `${code.charAt(0)}${code.slice(1).toLowerCase().replaceAll("_", " ")}.`;
}

function securityOf(operation: AnyOperation): JsonObject[] {
  if (operation.auth === "secret") return [{ secretKey: [] }];
  if (operation.auth === "publishable") return [{ publishableKey: [] }];
  return [{ publishableKey: [], playerToken: [] }];
}

/** The decoded value of each path parameter; its pattern is what the server accepts. */
const pathParameters: Record<string, JsonObject> = {
  player: {
    name: "player",
    in: "path",
    required: true,
    schema: { type: "string", pattern: "^(?:[0-9a-fA-F]{24}|ext:\\S(?:.{0,126}\\S)?)$" },
    example: "ext:player-42",
    description:
      "A service player id (24 hexadecimal characters) or `ext:` followed by your own id (1 to 128 characters, no leading or " +
      "trailing space). The id is URL-encoded exactly once; the colon may be sent as is or as `%3A`, as generated clients do. " +
      "A double-encoded or malformed value is `400 VALIDATION_FAILED` with `fieldErrors.player = [PLAYER_REF_INVALID]`.",
  },
  orderId: {
    name: "orderId",
    in: "path",
    required: true,
    schema: { type: "string", pattern: "^[0-9a-f]{24}$" },
    example: "65f1c2a4b7e8d9f0a1b2c3e5",
    description: "The order's id: 24 hexadecimal characters.",
  },
};

const LOCALE_RULE =
  "`fr`, `en` or `nl`. Any other value is ignored without error: the language then follows `Accept-Language`, then `fr`.";

/**
 * zod cannot render the locale rule (an unsupported value is ignored, not refused). No enum: a client
 * that validates against the document must not refuse what the server accepts; the three are examples.
 */
function typeLocale(schema: JsonObject): JsonObject {
  const properties = schema.properties as Record<string, JsonObject> | undefined;
  if (properties?.locale) properties.locale = { type: "string", examples: ["fr", "en", "nl"], description: LOCALE_RULE };
  return schema;
}

function parametersOf(operation: AnyOperation, components: JsonObject): JsonObject[] {
  const parameters: JsonObject[] = [];
  for (const match of operation.path.matchAll(/\{(\w+)\}/g)) {
    const name = match[1] as string;
    parameters.push(pathParameters[name] ?? { name, in: "path", required: true, schema: { type: "string" } });
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
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: "query", required: required.has(name), schema: rest, ...(typeof description === "string" ? { description } : {}) });
    }
  }
  return parameters;
}

const REPLAYED_HEADER = {
  ...REQUEST_ID_HEADER,
  "Idempotent-Replayed": { schema: { type: "string", enum: ["true"] }, description: "`true` on an answer replayed for a repeated `Idempotency-Key`." },
};

function successResponses(operation: AnyOperation, components: JsonObject): JsonObject {
  const schema = componentRef(operation.response, components);
  const name = typeof schema.$ref === "string" ? schema.$ref.slice(COMPONENT_PREFIX.length) : undefined;
  const example = name === undefined ? undefined : responseExamples[name];
  const content = { "application/json": { schema, ...(example === undefined ? {} : { example }) } };
  if (operation.idempotent && operation.successStatus === 201) {
    // SPEC: a new order is 201; a replay is 200 with the order as it is now.
    return {
      "201": { description: "Created.", content, headers: REQUEST_ID_HEADER },
      "200": { description: "A replay of the first answer, with its resource in its current state.", content, headers: REPLAYED_HEADER },
    };
  }
  return {
    [String(operation.successStatus)]: {
      description: operation.successStatus === 201 ? "Created." : "Success.",
      content,
      headers: operation.idempotent ? REPLAYED_HEADER : REQUEST_ID_HEADER,
    },
  };
}

const AUTH_RULES: Record<AnyOperation["auth"], string> = {
  secret: "Server API: call it from your game backend with the secret key; never ship that key to a client.",
  publishable: "Client API: callable from a browser or game client with the publishable key; CORS follows the game's allowed origins.",
  player:
    "Client API: the publishable key and a player token, for the token's player. A blocked player gets `403 PLAYER_BLOCKED`. " +
    "A missing, expired or foreign token is `401 UNAUTHENTICATED`: get a new token and resend the same request with the same `Idempotency-Key`.",
};

/** The operation's own rules, then those it shares with others, so every caller reads them where it looks. */
function describe(operation: AnyOperation): string {
  const parts = [operation.description, AUTH_RULES[operation.auth]];
  if (operation.player === "create") parts.push("An unknown `ext:` player is created (with `kind` `external`) before the request is served.");
  if (operation.player === "read") parts.push("An unknown player is `404 NOT_FOUND`; reading never creates one.");
  if (operation.idempotent) {
    parts.push(
      "Requires an `Idempotency-Key`: the same key with the same body replays the first answer (`Idempotent-Replayed: true`) and changes nothing (keys are kept 30 days); " +
        "the same key with another body is `409 IDEMPOTENCY_CONFLICT`. Retry a network error or a 5xx with the same key.",
    );
  }
  return parts.join("\n\n");
}

const tags = [
  { name: "Catalog", description: "The game's currencies, items and packs, as the dashboard publishes them." },
  { name: "Players", description: "Players of the game, named by service id or by your own id (`ext:`), and their client tokens." },
  { name: "Wallet", description: "Balances per currency, split into paid and bonus coins, and the ledger of every movement." },
  { name: "Inventory", description: "Owned items: grants, consumption and purchases with coins." },
  { name: "Orders", description: "Pack sales for euros through the hosted payment page, and refunds." },
  { name: "Gift codes", description: "Codes created in the dashboard that grant bonus coins and items." },
  { name: "Test helpers", description: "Simulated payment outcomes for test keys only; with a live key these routes are `404`." },
  { name: "Client", description: "Routes for browsers and game clients: publishable key, anonymous players, e-mail sign-in and player tokens." },
  { name: "Webhooks", description: "Events the service sends to your endpoints, signed with the endpoint's secret." },
  { name: "Privacy (extension)", description: "Beyond SPEC v1: a player's data export and erasure (GDPR); see the privacy guide." },
];

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
      description: describe(operation),
      tags: [operation.tag],
      security: securityOf(operation),
      parameters: parametersOf(operation, components),
      responses: { ...successResponses(operation, components), ...errorResponses(operation) },
    };
    if (operation.method !== "GET") {
      const schema = typeLocale(toSchema(operation.body ?? EmptyBody, "input", components));
      const example = requestExamples[operation.id];
      entry.requestBody = {
        required: Array.isArray(schema.required) && schema.required.length > 0,
        description: REQUEST_BODY_RULES,
        content: { "application/json": { schema, ...(example === undefined ? {} : { example }) } },
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
      contact: { name: "The operator of this Gamecoin service" },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: serverUrl, description: "This Gamecoin service; the key chooses the game and the environment (test or live)." }],
    tags,
    components: {
      schemas: components,
      securitySchemes: {
        secretKey: {
          type: "http",
          scheme: "bearer",
          description:
            "Secret key `svc_sk_test_…` or `svc_sk_live_…` as `Authorization: Bearer <key>`, for the server API only. It chooses the game and " +
            "the environment; keep it on your backend. A missing, unknown or revoked key is `401 UNAUTHENTICATED`.",
        },
        publishableKey: {
          type: "apiKey",
          in: "header",
          name: "X-Service-Key",
          description:
            "Publishable key `svc_pk_test_…` or `svc_pk_live_…` in `X-Service-Key`, for the client API. Safe to ship in a game client; " +
            "browser calls are limited to the game's allowed origins.",
        },
        playerToken: {
          type: "http",
          scheme: "bearer",
          description:
            "Player token `svc_pt_…` as `Authorization: Bearer <token>`, sent with the publishable key on `/client/me` routes. Valid one hour; " +
            "get one from createPlayerToken (your backend), createAnonymousPlayer, createClientPlayerToken or e-mail sign-in. " +
            "An expired token is `401 UNAUTHENTICATED`: fetch a new one and resend with the same `Idempotency-Key`.",
        },
      },
    },
    paths,
    webhooks: webhooksSection((schema) => toSchema(schema, "output", components)),
  };
}
