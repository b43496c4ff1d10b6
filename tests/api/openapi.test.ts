import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOpenApi } from "@/app/api/v1/openapi.json/route";
import { GET as getHealth } from "@/app/api/health/route";
import { operations } from "@/server/api/operations";
import { useDatabase } from "../harness";

useDatabase();

type Parameter = { name: string; in: string; required: boolean; schema: Record<string, unknown> };
type OperationObject = {
  operationId: string;
  security: Record<string, unknown>[];
  parameters: Parameter[];
  requestBody?: { description?: string; content: { "application/json": { schema: Record<string, unknown> } } };
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const SERVER_OPERATIONS = [
  "getCatalog",
  "upsertPlayer",
  "getPlayer",
  "createPlayerToken",
  "getWallet",
  "grantCurrency",
  "spendCurrency",
  "listLedger",
  "listInventory",
  "grantItem",
  "consumeItem",
  "createPurchase",
];

let response: Response;
let doc: Document;
beforeAll(async () => {
  response = getOpenApi();
  doc = (await response.clone().json()) as Document;
});

function findOperation(id: string): { path: string; method: string; operation: OperationObject } {
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (operation.operationId === id) return { path, method, operation };
    }
  }
  throw new Error(`operation ${id} not in the document`);
}

describe("GET /api/v1/openapi.json", () => {
  it("answers 200 without any key, as OpenAPI 3.1.0 for version 1.0.0 of the API", () => {
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.servers).toMatchObject([{ url: "http://localhost:3000/api/v1" }]);
  });

  it("holds every operation of the operations table exactly once, at its method and path", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
    );
    const declared = operations.map((operation) => `${operation.method} ${operation.path} ${operation.id}`);
    expect([...documented].sort()).toEqual([...declared].sort());
    expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length);
  });

  it("covers every server operation of SPEC", () => {
    for (const id of SERVER_OPERATIONS) expect(findOperation(id).operation.operationId).toBe(id);
    expect(findOperation("grantCurrency")).toMatchObject({ path: "/players/{player}/wallet/grant", method: "post" });
    expect(findOperation("upsertPlayer")).toMatchObject({ path: "/players/{player}", method: "put" });
    expect(findOperation("listLedger")).toMatchObject({ path: "/players/{player}/ledger", method: "get" });
  });

  it("marks the Idempotency-Key header required exactly on idempotent operations", () => {
    for (const declared of operations) {
      const { operation } = findOperation(declared.id);
      const header = operation.parameters.find((p) => p.in === "header" && p.name === "Idempotency-Key");
      if (declared.idempotent) expect(header).toMatchObject({ required: true, schema: { type: "string", minLength: 1, maxLength: 100 } });
      else expect(header).toBeUndefined();
    }
  });

  it("server operations use the secret key scheme and document their errors with the Error schema", () => {
    for (const id of SERVER_OPERATIONS) {
      const { operation } = findOperation(id);
      expect(operation.security).toEqual([{ secretKey: [] }]);
      expect(operation.responses["401"]).toBeDefined();
      expect(operation.responses["429"]?.headers).toHaveProperty("Retry-After");
    }
    expect(findOperation("spendCurrency").operation.responses["409"]?.content).toMatchObject({
      "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { error: { code: "INSUFFICIENT_FUNDS" } } },
    });
    expect(doc.components.schemas).toHaveProperty("Error");
    expect(doc.components.securitySchemes).toHaveProperty("secretKey");
  });

  it("describes listLedger's query and the strict currency movement body", () => {
    const ledger = findOperation("listLedger").operation;
    expect(ledger.parameters.filter((p) => p.in === "query").map((p) => p.name).sort()).toEqual(["currency", "cursor", "limit"]);
    expect(ledger.parameters.find((p) => p.in === "path")).toMatchObject({ name: "player", required: true });
    const body = findOperation("grantCurrency").operation.requestBody?.content["application/json"].schema;
    expect(body).toMatchObject({ type: "object", additionalProperties: false, required: ["currency", "amount"] });
    expect(Object.keys((body?.properties ?? {}) as Record<string, unknown>).sort()).toEqual(["amount", "currency", "metadata", "reason"]);
  });

  it("says on every request body how it must be sent: JSON Content-Type, UTF-8, no key twice", () => {
    const bodies = Object.values(doc.paths).flatMap((methods) => Object.values(methods).flatMap((op) => (op.requestBody ? [op.requestBody] : [])));
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body.description).toContain("`Content-Type: application/json`");
      expect(body.description).toMatch(/UTF-8.*no key twice in one object.*no lone UTF-16 surrogate/);
    }
  });
});

describe("GET /api/health", () => {
  it("answers 200 {ok: true} when the database answers", async () => {
    const health = await getHealth();
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ ok: true });
  });
});
