/** curl and `@gamecoin/sdk` calls for an operation, made from its path, security and example body. */

type ExampleOperation = { id: string; method: string; path: string; auth: string[]; parameters: { name: string; in: string; required: boolean }[] };

/**
 * The browser client's methods are named for a game client, not after the operations (CONTRACT of the
 * SDK); tests/docs/api-reference.test.ts checks each name against `GamecoinBrowser`.
 */
export const BROWSER_METHODS: Record<string, string> = {
  getClientCatalog: "getCatalog",
  createAnonymousPlayer: "createAnonymousPlayer",
  getMe: "getMe",
  spendClient: "spend",
  createClientPurchase: "purchase",
  consumeClientItem: "consume",
  createClientCheckout: "createCheckout",
  redeemClientCode: "redeemCode",
  getClientOrder: "getOrder",
  requestMeEmailCode: "requestMeEmailCode",
  verifyMeEmailCode: "verifyMeEmailCode",
  requestSignInEmailCode: "requestSignInEmailCode",
  verifySignInEmailCode: "verifySignInEmailCode",
  recordClientStorePurchase: "recordStorePurchase",
};

/** Client operations the browser client makes by itself rather than exposing. */
const BROWSER_INTERNAL: Record<string, string> = {
  createClientPlayerToken: "// GamecoinBrowser calls this itself: it keeps the anonymous player's id and playerSecret\n// and gets a new token when the last one expires (or asks your getToken callback).",
};

const SAMPLE_PLAYER = "ext:player-42";
const SAMPLE_ORDER = "65f1c2a9e4b0a1b2c3d4e5f6";
/** In curl, the order is the reader's own: the shell variable set from a checkout's answer. */
const ORDER_VARIABLE = "$ORDER_ID";
/**
 * A fresh key per run. od and /dev/urandom are in every Unix shell (Linux, macOS, WSL, Git Bash,
 * busybox); uuidgen is missing from many.
 */
const NEW_IDEMPOTENCY_KEY = "$(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n')";

function samplePath(path: string): string {
  return path.replace("{player}", encodeURIComponent(SAMPLE_PLAYER)).replace(/\{orderId\}/g, ORDER_VARIABLE).replace(/\{(\w+)\}/g, "<$1>");
}

function hasBody(body: unknown): boolean {
  return typeof body === "object" && body !== null && Object.keys(body).length > 0;
}

function usesPlayerToken(op: ExampleOperation): boolean {
  return op.auth.some((a) => a.includes("playerToken"));
}

function usesPublishableKey(op: ExampleOperation): boolean {
  return op.auth.some((a) => a.includes("publishableKey"));
}

function idempotent(op: ExampleOperation): boolean {
  return op.parameters.some((p) => p.in === "header" && p.name.toLowerCase() === "idempotency-key");
}

/** Shell-quotes with single quotes, the one form where nothing inside is interpreted. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Double quotes around a URL, so the order variable in it expands and nothing else does. */
function shellQuoteUrl(url: string): string {
  return `"${url
    .split(ORDER_VARIABLE)
    .map((part) => part.replace(/[\\"$`]/g, "\\$&"))
    .join(ORDER_VARIABLE)}"`;
}

export function curlExample(op: ExampleOperation, serverUrl: string, body: unknown): string {
  const lines = [`curl -X ${op.method} ${shellQuoteUrl(serverUrl + samplePath(op.path))}`];
  if (usesPublishableKey(op)) lines.push(`  -H "X-Service-Key: $GAMECOIN_PUBLISHABLE_KEY"`);
  if (usesPlayerToken(op)) lines.push(`  -H "Authorization: Bearer $PLAYER_TOKEN"`);
  else if (!usesPublishableKey(op)) lines.push(`  -H "Authorization: Bearer $GAMECOIN_SECRET_KEY"`);
  if (idempotent(op)) lines.push(`  -H "Idempotency-Key: ${NEW_IDEMPOTENCY_KEY}"`);
  if (op.method !== "GET" && hasBody(body)) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d ${shellQuote(JSON.stringify(body))}`);
  }
  return lines.join(" \\\n");
}

function js(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/"([A-Za-z_$][\w$]*)":/g, "$1:");
}

/**
 * The SDK call: `GamecoinServer` for secret-key routes, `GamecoinBrowser` for client routes, with
 * the path's player or order first, then the body (SDK section of the guides).
 */
export function sdkExample(op: ExampleOperation, body: unknown): string {
  if (op.path.startsWith("/test-helpers/")) return "// The test helpers are not part of the SDK (they exist in the test environment only): call them with curl.";
  const internal = BROWSER_INTERNAL[op.id];
  if (internal) return internal;
  const args: string[] = [];
  if (op.path.includes("{player}")) args.push(JSON.stringify(SAMPLE_PLAYER));
  if (op.path.includes("{orderId}")) args.push(JSON.stringify(SAMPLE_ORDER));
  const query = op.parameters.filter((p) => p.in === "query");
  if (hasBody(body)) args.push(js(body));
  else if (query.some((p) => p.name === "limit")) args.push("{ limit: 20 }");
  const client = usesPublishableKey(op) ? "browser" : "server";
  const setup =
    client === "server"
      ? `import { GamecoinServer } from "@gamecoin/sdk";\n\nconst server = new GamecoinServer({ secretKey: process.env.GAMECOIN_SECRET_KEY!, baseUrl: "https://gamecoin.example.com/api/v1" });`
      : `import { GamecoinBrowser } from "@gamecoin/sdk/browser";\n\n// Add getToken to use the player tokens your backend issues; without it, an anonymous player is made and kept.\nconst browser = new GamecoinBrowser({ publishableKey: "svc_pk_test_…", baseUrl: "https://gamecoin.example.com/api/v1" });`;
  const note = idempotent(op) ? "\n// The SDK makes the Idempotency-Key and keeps it across this call's retries." : "";
  const method = client === "browser" ? (BROWSER_METHODS[op.id] ?? op.id) : op.id;
  return `${setup}${note}\nconst result = await ${client}.${method}(${args.join(", ")});`;
}
