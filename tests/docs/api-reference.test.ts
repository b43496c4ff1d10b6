/**
 * The /docs reference, built from the OpenAPI document: every operation and error code is there, schemas
 * are resolved into field tables (never a `$ref`), headers are real header cells, and the webhook
 * verification code the guide shows does verify a signature and refuse a forged or stale one.
 */
import { createHmac } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import DocsPage from "@/app/docs/page";
import { BROWSER_METHODS } from "@/components/api-reference/examples";
import { buildGuides } from "@/components/api-reference/guides";
import { buildReference } from "@/components/api-reference/model";
import { buildOpenApiDocument } from "@/server/api/openapi";
import { errorStatus } from "@/server/lib/errors";
import { GamecoinBrowser, GamecoinServer } from "@/sdk/src/index";

const SERVER = "http://localhost:3000/api/v1";
const document = buildOpenApiDocument(SERVER);
const reference = buildReference(document);

function operation(id: string) {
  const found = reference.operations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

function operationIds(): string[] {
  const ids: string[] = [];
  for (const item of Object.values(document.paths as Record<string, Record<string, { operationId: string }>>)) {
    for (const op of Object.values(item)) if (op && typeof op === "object" && "operationId" in op) ids.push(op.operationId);
  }
  return ids;
}

describe("the reference model", () => {
  it("has every operation of the document, once", () => {
    expect(reference.operations.map((o) => o.id).sort()).toEqual(operationIds().sort());
  });

  it("resolves response schemas into nested fields with types", () => {
    const wallet = operation("getWallet");
    expect(wallet.success?.status).toBe("200");
    expect(wallet.success?.typeName).toBe("Wallet");
    expect(wallet.success?.fields.map((f) => [f.name, f.type])).toEqual([
      ["playerId", "string"],
      ["balances", "array of Balance"],
      ["balances[].currency", "string"],
      ["balances[].paid", "integer"],
      ["balances[].bonus", "integer"],
      ["balances[].total", "integer"],
    ]);
    const checkout = operation("createCheckout");
    const names = checkout.success?.fields.map((f) => f.name) ?? [];
    expect(names).toContain("checkoutUrl");
    expect(names).toContain("order.status");
    expect(checkout.success?.fields.find((f) => f.name === "order.status")?.rules[0]).toMatch(/^one of `pending`/);
  });

  it("gives body fields their rules and required flags", () => {
    const fields = operation("createClientCheckout").bodyFields;
    expect(fields.find((f) => f.name === "packSku")).toEqual({
      name: "packSku",
      type: "string",
      required: true,
      rules: ["1 to 48 characters"],
      description: null,
    });
    expect(fields.find((f) => f.name === "successUrl")?.required).toBe(false);
    const ledger = operation("listLedger").parameters;
    expect(ledger.find((p) => p.name === "limit")?.rules).toEqual(["1 to 100", "default `20`"]);
  });

  it("lists each operation's error codes from its responses", () => {
    const spend = operation("spendCurrency");
    const conflict = spend.errors.find((e) => e.status === "409");
    expect(conflict?.codes).toContain("INSUFFICIENT_FUNDS");
    expect(spend.errors.find((e) => e.status === "400")?.codes).toContain("VALIDATION_FAILED");
  });

  it("makes curl and SDK examples with an ext: player, the key and an Idempotency-Key where needed", () => {
    const grant = operation("grantCurrency").examples;
    expect(grant.curl).toContain(`${SERVER}/players/ext%3Aplayer-42/wallet/grant`);
    expect(grant.curl).toContain('-H "Authorization: Bearer $GAMECOIN_SECRET_KEY"');
    // A fresh key from /dev/urandom: uuidgen is missing from many machines.
    expect(grant.curl).toContain(`-H "Idempotency-Key: $(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n')"`);
    expect(grant.curl).not.toContain("uuidgen");
    expect(operation("getOrder").examples.curl).toContain(`curl -X GET "${SERVER}/orders/$ORDER_ID"`);
    expect(grant.sdk).toContain('server.grantCurrency("ext:player-42", {');
    const me = operation("getMe").examples;
    expect(me.curl).toContain('-H "X-Service-Key: $GAMECOIN_PUBLISHABLE_KEY"');
    expect(me.curl).toContain('-H "Authorization: Bearer $PLAYER_TOKEN"');
    expect(me.sdk).toContain("browser.getMe()");
    expect(operation("spendClient").examples.sdk).toContain("await browser.spend({");
  });

  it("calls SDK methods that exist: every server operation on GamecoinServer, client ones by their GamecoinBrowser names", () => {
    const server = new GamecoinServer({ secretKey: "svc_sk_test_x", baseUrl: SERVER }) as unknown as Record<string, unknown>;
    const browser = new GamecoinBrowser({ publishableKey: "svc_pk_test_x", baseUrl: SERVER }) as unknown as Record<string, unknown>;
    for (const o of reference.operations) {
      const call = /await (server|browser)\.(\w+)\(/.exec(o.examples.sdk);
      if (o.path.startsWith("/test-helpers/") || o.id === "createClientPlayerToken") {
        expect(call, o.id).toBeNull();
        continue;
      }
      expect(call?.[1], o.id).toBe(o.auth.some((a) => a.includes("publishableKey")) ? "browser" : "server");
      const client = call?.[1] === "browser" ? browser : server;
      expect(typeof client[call?.[2] ?? ""], `${o.id} → ${call?.[2]}`).toBe("function");
    }
    for (const name of Object.values(BROWSER_METHODS)) expect(typeof (browser as Record<string, unknown>)[name], name).toBe("function");
  });

  it("renders a webhooks section when the document has one, and none when it has not", () => {
    const withHooks = buildReference({
      ...document,
      webhooks: {
        "order.fulfilled": {
          post: {
            summary: "An order was paid and delivered",
            parameters: [{ name: "Service-Signature", in: "header", required: true, schema: { type: "string" } }],
            requestBody: { content: { "application/json": { schema: { type: "object", properties: { data: { $ref: "#/components/schemas/Order" } }, required: ["data"] } } } },
          },
        },
      },
    });
    expect(withHooks.webhooks).toHaveLength(1);
    expect(withHooks.webhooks[0]?.headers[0]?.name).toBe("Service-Signature");
    expect(withHooks.webhooks[0]?.fields.map((f) => f.name)).toContain("data.status");
    expect(buildReference({ ...document, webhooks: undefined }).webhooks).toEqual([]);
  });
});

describe("the guides", () => {
  const guides = buildGuides(reference, errorStatus);
  const guide = (id: string) => guides.find((g) => g.id === id)?.markdown ?? "";

  it("list every error code of the document with its status", () => {
    expect(reference.errorCodes.length).toBeGreaterThan(10);
    for (const { code } of reference.errorCodes) {
      expect(guide("guide-errors")).toContain(`| ${errorStatus[code as keyof typeof errorStatus]} | \`${code}\` |`);
    }
    expect(guide("guide-errors")).not.toContain("See the operation that answers it.");
  });

  it("name the operations that take an Idempotency-Key, from the document", () => {
    expect(guide("guide-idempotency")).toContain("[`grantCurrency`](#grantCurrency)");
    expect(guide("guide-idempotency")).not.toContain("[`getWallet`]");
  });

  it("show both forms of an ext: reference", () => {
    expect(guide("guide-player-references")).toContain("`ext%3Aplayer-42`");
  });

  it("show webhook verification code that accepts a good signature and refuses a forged or stale one", async () => {
    const snippet = /```js\n([\s\S]*?)```/.exec(guide("guide-webhooks"))?.[1];
    expect(snippet).toBeDefined();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "verify-")), "verify.mjs");
    writeFileSync(file, snippet ?? "");
    const { verifyGamecoinWebhook } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      verifyGamecoinWebhook: (raw: Buffer, header: string, secret: string, tolerance?: number) => unknown;
    };
    const secret = "whsec_svc_test";
    const raw = Buffer.from(JSON.stringify({ id: "evt_1", type: "webhook.test", env: "test", data: {} }));
    const sign = (t: number) => createHmac("sha256", secret).update(`${t}.${raw.toString("utf8")}`).digest("hex");
    const now = Math.floor(Date.now() / 1000);
    expect(verifyGamecoinWebhook(raw, `t=${now},v1=${"0".repeat(64)},v1=${sign(now)}`, secret)).toEqual({ id: "evt_1", type: "webhook.test", env: "test", data: {} });
    expect(() => verifyGamecoinWebhook(raw, `t=${now},v1=${sign(now + 1)}`, secret)).toThrow("Bad Service-Signature");
    expect(() => verifyGamecoinWebhook(raw, `t=${now - 301},v1=${sign(now - 301)}`, secret)).toThrow("Stale Service-Signature");
    expect(() => verifyGamecoinWebhook(raw, "v1=abc", secret)).toThrow("Malformed Service-Signature");
  });
});

describe("the /docs page", () => {
  const html = renderToString(createElement(DocsPage));

  it("renders every operation and guide, with no raw $ref", () => {
    for (const id of operationIds()) expect(html).toContain(`id="${id}"`);
    expect(html).toContain('id="guide-webhooks"');
    expect(html).not.toContain("$ref");
    expect(html).not.toContain("#/components/schemas/");
  });

  it("has landmarks, one h1 and real column headers", () => {
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toMatch(/<nav [^>]*aria-label="Reference contents"/);
    expect(html).toMatch(/<main [^>]*id="content"/);
    expect(html).toContain('<th scope="col">Type</th>');
    expect(html).toMatch(/<th scope="row">balances\[\]\.currency<span/);
    expect(html).not.toMatch(/<thead[^>]*uppercase/);
  });

  it("renders Markdown guides as HTML tables and code blocks", () => {
    expect(html).toMatch(/<th scope="col"[^>]*>Status<\/th>/);
    expect(html).toContain("<pre");
    expect(html).not.toContain("```");
    // react-markdown hands its syntax node to each component; it must not reach the DOM as an attribute.
    expect(html).not.toContain(' node="');
  });
});
