/**
 * Long positional parameter lists hide which argument is which at the call site (two strings swapped
 * still typecheck). Past four parameters a function takes one options object. The money path (wallet,
 * money moves, idempotency) and the REST operations are being rewritten in the same round and join the
 * check with that work; the few functions listed below are theirs or called from there. No new entry
 * belongs in the list, and a fixed one leaves it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAX_PARAMETERS = 4;
const REWRITTEN = /^server\/(?:wallet|money-moves|idempotency)\/|^server\/api\/operations?[/.]/;

/** "file name": functions still over the limit, each with a named owner of its rewrite. */
const PENDING = new Set([
  "sdk/src/browser-client.ts #call",
  "server/codes/deliver-gift-code.ts deliverGiftContents",
  "server/codes/redeem-gift-code.ts redeemGiftCode",
  "server/email/request-email-code.ts requestMeEmailCode",
  "server/inventory/inventory-moves.ts addWithin",
  "server/inventory/inventory-moves.ts addItem",
  "server/inventory/inventory-moves.ts addUpToLimit",
  "server/lib/prepared-statements.ts prepareQuery",
  "server/orders/create-checkout.ts createCheckout",
  "server/orders/move-order.ts moveOrder",
  "server/orders/take-back-order.ts takeBackOrderContents",
  "server/payments/simulate-outcome.ts simulateOutcome",
  "server/players/adjust-balance.ts adjustBalance",
  "server/players/anonymous-player.ts createAnonymousPlayer",
  "server/webhooks/update-endpoint.ts updateEndpoint",
]);

type Signature = { file: string; name: string; count: number };

/** Every function, method and arrow function of `source` with its parameter count. */
export function signatures(file: string, source: string): Signature[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Signature[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node)) {
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent) ? node.parent.name : undefined);
      found.push({ file, name: named ? named.getText(tree) : "<anonymous>", count: node.parameters.length });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function sourceFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", "server", "app", "components", "sdk/src", "db", "scripts"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("/generated/") && !REWRITTEN.test(file));
}

describe("parameter lists", () => {
  const all = sourceFiles().flatMap((file) => signatures(file, readFileSync(`${ROOT}${file}`, "utf8")));
  const over = all.filter((s) => s.count > MAX_PARAMETERS).map((s) => `${s.file} ${s.name}`);

  it(`no function takes more than ${MAX_PARAMETERS} parameters (one options object instead), outside the pending list`, () => {
    expect(over.filter((entry) => !PENDING.has(entry))).toEqual([]);
  });

  it("counts what it is meant to count (the check itself)", () => {
    const source = [
      "export function a(w: number, x: number, y: number, z: number, extra: number) {}",
      "const b = (v: { w: number; x: number }) => v;",
      "class C { m(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6) {} }",
    ].join("\n");
    expect(signatures("x.ts", source).map((s) => `${s.name}:${s.count}`)).toEqual(["a:5", "b:1", "m:6"]);
  });
});
