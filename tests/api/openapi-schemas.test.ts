import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/api/openapi";
import { defineOperation } from "@/server/api/operation";
import { operations } from "@/server/api/operations";
import { Player } from "@/server/api/resource-schemas";
import { openApiValidator } from "./openapi-ajv";
import { assertAnswerMatchesDocument } from "./openapi-conformance";

type JsonObject = Record<string, unknown>;
type Media = { schema: JsonObject; example?: unknown };
type ResponseObject = { description: string; content?: Record<string, Media>; headers?: Record<string, JsonObject> };
type Parameter = { name: string; in: string; required: boolean; schema: JsonObject; example?: unknown };
type OperationObject = {
  operationId: string;
  summary?: string;
  description?: string;
  tags: string[];
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, Media> };
  responses: Record<string, ResponseObject>;
};
type Document = {
  info: { license?: JsonObject; contact?: JsonObject };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  webhooks: Record<string, { post: OperationObject }>;
  components: { schemas: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
};

const doc = buildOpenApiDocument("http://localhost:3000/api/v1") as unknown as Document;
const pathOperations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
const webhookOperations = Object.values(doc.webhooks).map((item) => item.post);
const byId = new Map([...pathOperations, ...webhookOperations].map((operation) => [operation.operationId, operation]));

function operation(id: string): OperationObject {
  const found = byId.get(id);
  if (!found) throw new Error(`${id} is not in the document`);
  return found;
}

function allSchemas(): [string, unknown][] {
  const list: [string, unknown][] = Object.entries(doc.components.schemas).map(([name, schema]) => [`component ${name}`, schema]);
  for (const op of byId.values()) {
    for (const p of op.parameters) list.push([`${op.operationId} parameter ${p.name}`, p.schema]);
    for (const media of Object.values(op.requestBody?.content ?? {})) list.push([`${op.operationId} body`, media.schema]);
    for (const [status, response] of Object.entries(op.responses)) {
      for (const media of Object.values(response.content ?? {})) list.push([`${op.operationId} ${status}`, media.schema]);
      for (const [name, header] of Object.entries(response.headers ?? {})) list.push([`${op.operationId} ${status} ${name}`, header.schema]);
    }
  }
  return list;
}

const STANDARD_FORMATS = new Set(["date-time", "date", "time", "duration", "email", "uri", "uri-reference", "uuid", "ipv4", "ipv6", "hostname", "int32", "int64"]);

describe("the OpenAPI document's schemas", () => {
  const validator = openApiValidator(doc as unknown as JsonObject);

  it("compile, every one of them, in Ajv's strict mode with standard formats only", () => {
    const formats = [...JSON.stringify(doc).matchAll(/"format":"([^"]+)"/g)].map((m) => m[1]);
    expect(formats.filter((f) => !STANDARD_FORMATS.has(f ?? ""))).toEqual([]);
    const schemas = allSchemas();
    expect(schemas.length).toBeGreaterThan(200);
    for (const [where, schema] of schemas) {
      expect(() => validator.compile(schema), where).not.toThrow();
    }
  });

  it("hold every request and response example, each valid against its schema", () => {
    let checked = 0;
    for (const op of byId.values()) {
      const medias = [
        ...Object.values(op.requestBody?.content ?? {}).map((media) => ["body", media] as const),
        ...Object.entries(op.responses).flatMap(([status, response]) => Object.values(response.content ?? {}).map((media) => [status, media] as const)),
      ];
      for (const [where, media] of medias) {
        const validate = validator.compile(media.schema);
        const schemaHasFields = Object.keys((media.schema.properties ?? {}) as JsonObject).length > 0 || "$ref" in media.schema;
        // Every request body, an empty one included (third-party linters ask for it); responses with fields.
        if (schemaHasFields || where === "body") expect(media.example, `${op.operationId} ${where} has an example`).toBeDefined();
        if (media.example === undefined) continue;
        expect(validate(media.example), `${op.operationId} ${where}: ${validator.errors()}`).toBe(true);
        checked += 1;
      }
      for (const p of op.parameters.filter((parameter) => parameter.example !== undefined)) {
        expect(validator.compile(p.schema)(p.example), `${op.operationId} ${p.name}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it("refuse what the server refuses: player references and 24-hex ids", () => {
    const player = validator.compile(operation("getPlayer").parameters.find((p) => p.name === "player")?.schema);
    for (const ok of ["65f1c2a4b7e8d9f0a1b2c3d4", "ext:player-42", "ext:é", `ext:${"a".repeat(128)}`]) expect(player(ok), ok).toBe(true);
    for (const bad of ["65f1c2a4b7e8d9f0a1b2c3d", "player-42", "ext:", "ext: x", `ext:${"a".repeat(129)}`]) expect(player(bad), bad).toBe(false);
    const orderId = validator.compile(operation("getOrder").parameters.find((p) => p.name === "orderId")?.schema);
    expect([orderId("65f1c2a4b7e8d9f0a1b2c3e5"), orderId("65f1c2a4b7e8d9f0a1b2c3e")]).toEqual([true, false]);
    const token = validator.compile(doc.components.schemas.PlayerToken);
    expect(token({ token: "svc_pk_test_x", expiresAt: "2026-03-14T09:26:53.000Z" })).toBe(false);
  });

  it("types `locale` as any string, fr, en and nl as examples, wherever a request carries it (another value is ignored, not refused)", () => {
    for (const id of ["createCheckout", "createClientCheckout", "requestMeEmailCode", "requestSignInEmailCode"]) {
      const schema = operation(id).requestBody?.content["application/json"]?.schema as { properties: Record<string, JsonObject> };
      expect(schema.properties.locale, id).toMatchObject({ type: "string", examples: ["fr", "en", "nl"] });
      expect(schema.properties.locale, id).not.toHaveProperty("enum");
      expect(validator.compile(schema)({ ...(byId.get(id)?.requestBody?.content["application/json"]?.example as JsonObject), locale: "de" }), id).toBe(true);
    }
  });
});

describe("the OpenAPI document's operations", () => {
  it("each has a summary, a description and one tag declared with a description", () => {
    for (const declaration of operations) expect(declaration.description, `${declaration.id} states its own rules`).toMatch(/\S/);
    const declared = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const op of byId.values()) {
      expect(op.summary, op.operationId).toMatch(/\S/);
      expect((op.description ?? "").length, op.operationId).toBeGreaterThan(40);
      expect(op.tags).toHaveLength(1);
      expect(declared.get(op.tags[0] ?? ""), op.operationId).toMatch(/\S/);
    }
  });

  it("marks a request body required exactly when it has a required field", () => {
    expect(operation("grantCurrency").requestBody?.required).toBe(true);
    expect(operation("createCheckout").requestBody?.required).toBe(true);
    expect(operation("refundOrder").requestBody?.required).toBe(false);
    expect(operation("createPlayerToken").requestBody?.required).toBe(false);
    for (const op of pathOperations) {
      if (!op.requestBody) continue;
      const schema = op.requestBody.content["application/json"]?.schema as { required?: string[] };
      expect(op.requestBody.required, op.operationId).toBe((schema.required ?? []).length > 0);
    }
  });

  it("declares 201 for a new order and 200 with Idempotent-Replayed for a replay, on both checkout routes", () => {
    for (const id of ["createCheckout", "createClientCheckout"]) {
      const { responses } = operation(id);
      expect(responses["201"]?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Checkout" });
      expect(responses["200"]?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Checkout" });
      expect(responses["200"]?.headers?.["Idempotent-Replayed"]).toMatchObject({ schema: { type: "string", enum: ["true"] } });
    }
  });

  it("documents 403 PLAYER_BLOCKED on every player-token route, on token issuing and on wallet and inventory writes", () => {
    const blockedOn = operations.filter((o) => o.auth === "player").map((o) => o.id);
    blockedOn.push("createPlayerToken", "createClientPlayerToken", "grantCurrency", "spendCurrency", "grantItem", "consumeItem", "createPurchase");
    for (const id of blockedOn) expect(operation(id).responses["403"]?.description, id).toContain("PLAYER_BLOCKED");
    expect(operation("getWallet").responses["403"]?.description).not.toContain("PLAYER_BLOCKED");
  });

  it("has a license, a contact and three security schemes, each described on its own", () => {
    expect(doc.info.license).toMatchObject({ name: "Proprietary", identifier: "LicenseRef-Proprietary" });
    expect(doc.info.contact).toMatchObject({ name: expect.any(String) });
    const schemes = doc.components.securitySchemes;
    expect(Object.keys(schemes).sort()).toEqual(["playerToken", "publishableKey", "secretKey"]);
    const descriptions = Object.values(schemes).map((s) => String(s.description));
    expect(new Set(descriptions).size).toBe(3);
    expect(schemes.publishableKey).toMatchObject({ type: "apiKey", in: "header", name: "X-Service-Key" });
  });
});

describe("the OpenAPI document's webhooks", () => {
  it("describe the five event types: envelope, data and the three Service- headers", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(["order.chargeback", "order.fulfilled", "order.refunded", "wallet.credited", "webhook.test"]);
    for (const [type, { post }] of Object.entries(doc.webhooks)) {
      expect(post.parameters.map((p) => `${p.in} ${p.name} ${p.required}`).sort()).toEqual([
        "header Service-Event-Id true",
        "header Service-Event-Type true",
        "header Service-Signature true",
      ]);
      const schema = post.requestBody?.content["application/json"]?.schema as { required: string[]; properties: Record<string, JsonObject> };
      expect([...schema.required].sort()).toEqual(["createdAt", "data", "env", "id", "type"]);
      expect(schema.properties.type).toMatchObject({ const: type });
      expect(schema.properties.env).toMatchObject({ enum: ["test", "live"] });
    }
    const dataOf = (type: string) => (doc.webhooks[type]?.post.requestBody?.content["application/json"]?.schema as { properties: { data: JsonObject } }).properties.data;
    expect(dataOf("order.fulfilled")).toEqual({ $ref: "#/components/schemas/Order" });
    expect(dataOf("wallet.credited")).toEqual({ $ref: "#/components/schemas/WalletCredited" });
  });
});

describe("operation declarations", () => {
  it("do not compile when a handler answers another shape than the response schema (checked by npm run typecheck)", () => {
    const wrong = defineOperation({
      id: "wrongShape",
      method: "GET",
      path: "/wrong-shape",
      summary: "A handler whose answer misses fields of Player.",
      description: "Never routed: it exists for the type check below.",
      tag: "Players",
      auth: "secret",
      idempotent: false,
      response: Player,
      successStatus: 200,
      // @ts-expect-error -- `kind`, `blocked`, `createdAt`… are missing: the response type is Player's.
      handle: async () => ({ body: { id: "65f1c2a4b7e8d9f0a1b2c3d4", externalId: null } }),
    });
    expect(operations).not.toContain(wrong);
  });
});

describe("the HTTP suite's check against the document (tests/harness.ts call)", () => {
  const player = JSON.stringify({ id: "65f1c2a4b7e8d9f0a1b2c3d4", externalId: "p", kind: "external", displayName: null, country: null, blocked: false, createdAt: "2026-03-14T09:26:53.000Z" });

  it("lets a declared status with a body of its schema pass, and ignores calls outside the document", () => {
    expect(() => assertAnswerMatchesDocument("GET", "/players/ext%3Ap?x=1", 200, player)).not.toThrow();
    expect(() => assertAnswerMatchesDocument("GET", "/nowhere", 404, '{"error":{"code":"NOT_FOUND","message":"x"}}')).not.toThrow();
  });

  it("fails an undeclared status, a body outside the schema and an error outside the envelope", () => {
    expect(() => assertAnswerMatchesDocument("GET", "/players/ext:p", 201, player)).toThrow(/does not declare/);
    expect(() => assertAnswerMatchesDocument("GET", "/players/ext:p", 200, player.replace('"kind":"external"', '"kind":"robot"'))).toThrow(/outside the OpenAPI document/);
    expect(() => assertAnswerMatchesDocument("GET", "/players/ext:p", 200, JSON.stringify({ ...JSON.parse(player), extra: 1 }))).toThrow(/outside/);
    expect(() => assertAnswerMatchesDocument("GET", "/players/ext:p", 404, '{"error":{"code":"NOPE","message":"x"}}')).toThrow(/outside/);
  });
});
