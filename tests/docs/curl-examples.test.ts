/**
 * Every curl example of README.md and of the /docs reference (its guides and each operation's example)
 * runs, with bash and curl, against a server started on the demo data of a fresh clone, and answers
 * the documented status: the operation's success status, or the error the README shows on purpose.
 *
 * What a reader types is run as written, with only what a reader substitutes: the printed keys (checked
 * against the README's), the server's address (the reader's is localhost:3000), and the values the
 * examples leave to the reader (`<order_id>`, `<token>`, `$ORDER_ID`, `$PLAYER_TOKEN`, the sample
 * player id and secret, the e-mailed code, read from the server log as in development).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGuides } from "@/components/api-reference/guides";
import { buildReference, type Reference } from "@/components/api-reference/model";
import { buildOpenApiDocument } from "@/server/api/openapi";
import { errorStatus } from "@/server/lib/errors";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Where a reader's server runs (README, `npm run dev`); ours runs on a free port instead. */
const READER_ORIGIN = "http://localhost:3000";
/** Literal values of the /docs examples that a reader replaces with their own. */
const SAMPLE_PLAYER_ID = "65f1c2a4b7e8d9f0a1b2c3d4";
const SAMPLE_PLAYER_SECRET = "svc_ps_Vb82kQm1Zr7TyLw0Hc5Xn3Ja";
const SAMPLE_EMAIL_CODE = "482913";
const STORE_OPERATIONS = new Set(["recordStorePurchase", "recordClientStorePurchase"]);

/** Each curl call reports, on stderr, what it asked and what it got. */
const CURL_PROBE = `curl() { command curl "$@" -w '%{stderr}@@curl %{method} %{url_effective} %{http_code}\\n'; }`;

type Call = { method: string; path: string; status: number };
type Run = { exitCode: number | null; stdout: string; calls: Call[] };

let server: ChildProcess | undefined;
let serverLog = "";
let origin = "";
let keys = { secret: "", publishable: "", apiBase: "" };
let reference: Reference;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitFor<T>(what: string, read: () => T | undefined, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; server log:\n${serverLog.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs `script` with bash, curl calls probed, in a clean environment plus `env`. */
function bash(script: string, env: Record<string, string> = {}): Promise<Run> {
  const child = spawn("bash", ["-c", `${CURL_PROBE}\n${script}`], {
    // A reader's shell: their PATH and HOME, the variables the examples read, nothing of the test runner.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "development", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise((resolve) => {
    child.once("close", (exitCode) => {
      const calls = [...stderr.matchAll(/^@@curl (\S+) (\S+) (\d{3})$/gm)].map(([, method = "", url = "", status = "0"]) => ({
        method,
        path: new URL(url).pathname,
        status: Number(status),
      }));
      resolve({ exitCode, stdout, calls });
    });
  });
}

/** The operation a call reached, by method and path template; its documented success status. */
function operationOf(call: Call): { id: string; successStatus: number } {
  const apiPath = call.path.replace(/^\/api\/v1/, "");
  const found = reference.operations.find(
    (o) => o.method === call.method && new RegExp(`^${o.path.replace(/\{\w+\}/g, "[^/]+")}$`).test(apiPath),
  );
  if (!found) throw new Error(`no operation for ${call.method} ${call.path}`);
  return { id: found.id, successStatus: Number(found.success?.status) };
}

/** The ```bash / ```sh / ```console blocks of Markdown text that call curl. */
function curlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:bash|sh|shell|console)\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? "").filter((block) => /\bcurl\b/.test(block));
}

/** A block's commands (continuation lines joined), each with the comment line that follows it. */
function commandsOf(block: string): { command: string; after: string }[] {
  const lines = block.replace(/\\\n\s*/g, " ").split("\n");
  const commands: { command: string; after: string }[] = [];
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    commands.push({ command: trimmed.replace(/\s+#\s.*$/, ""), after: (lines[index + 1] ?? "").trim() });
  });
  return commands;
}

function json(text: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error(`not a JSON object: ${text}`);
  return parsed as Record<string, unknown>;
}

function field(object: Record<string, unknown>, ...names: string[]): string {
  let value: unknown = object;
  for (const name of names) value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  if (typeof value !== "string") throw new Error(`no ${names.join(".")} in ${JSON.stringify(object)}`);
  return value;
}

/** A call outside the examples, for what the reader's own game would have done before. */
async function api(method: string, apiPath: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${keys.apiBase}${apiPath}`, {
    method,
    headers: { Authorization: `Bearer ${keys.secret}`, "Content-Type": "application/json", "Idempotency-Key": `setup-${Math.random()}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = json(await response.text());
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function newOrder(options: { paid: boolean }): Promise<string> {
  const { order } = (await api("POST", "/players/ext:player-42/checkouts", { packSku: "gems-500", country: "FR" })) as { order: Record<string, unknown> };
  const id = field(order ?? {}, "id");
  if (options.paid) await api("POST", `/test-helpers/orders/${id}/pay`);
  return id;
}

/**
 * The six-digit code of the last mail the server logged for `address` after `logLength`, read as a
 * developer reads it: development logs are pretty-printed, one field a line.
 */
function mailedCode(address: string, logLength: number): Promise<string> {
  return waitFor(
    `a mail to ${address}`,
    () => {
      const log = serverLog.slice(logLength).replace(/\u001b\[[0-9;]*m/g, "");
      const mail = log.split("mail not sent").findLast((entry, index) => index > 0 && entry.includes(`"${address}"`));
      return mail ? /text"?: "[^"]*?(?<!\d)(\d{6})(?!\d)/.exec(mail)?.[1] : undefined;
    },
    10_000,
  );
}

beforeAll(async () => {
  const port = await freePort();
  // A fresh clone: no DATABASE_URL (embedded database), development, an empty database.
  // Node with tsx as a loader, not the tsx command: that one runs the server in a child of its own,
  // which a kill of the command would leave running.
  server = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "tests/docs/support/demo-api-server.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "development", PGLITE_DATA_DIR: "memory://", PORT: String(port), SCHEDULER: "off", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Last resort if the runner dies without its teardown.
  const child = server;
  process.once("exit", () => child.kill("SIGKILL"));
  server.stdout?.on("data", (chunk: Buffer) => (serverLog += chunk.toString("utf8")));
  server.stderr?.on("data", (chunk: Buffer) => (serverLog += chunk.toString("utf8")));
  await waitFor("the server to listen", () => (serverLog.includes("demo API listening") ? true : undefined), 90_000);
  const printed = (label: string) => new RegExp(`^  ${label}\\s+(\\S+)$`, "m").exec(serverLog)?.[1] ?? "";
  keys = { secret: printed("secret key"), publishable: printed("publishable key"), apiBase: printed("API base") };
  origin = new URL(keys.apiBase).origin;
  // What /docs shows on this server: the reference of its own address.
  reference = buildReference(buildOpenApiDocument(keys.apiBase));
}, 120_000);

afterAll(() => {
  server?.kill("SIGKILL");
});

describe("README.md's curl examples, on the demo data", () => {
  it("use the keys the server prints on its first start", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(keys.secret).toMatch(/^svc_sk_test_/);
    expect(readme).toContain(`export SK=${keys.secret}\n`);
    expect(readme).toContain(`export PK=${keys.publishable}\n`);
    expect(readme).toContain(`export API=${READER_ORIGIN}/api/v1\n`);
  });

  it("answer each the documented status, in order, as a reader runs them", async () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8").replaceAll(READER_ORIGIN, origin);
    const exports: string[] = [];
    const seen = { orderId: "", token: "" };
    const results: string[] = [];
    const expected: string[] = [];
    for (const block of curlBlocks(readme)) {
      for (const { command, after } of commandsOf(block)) {
        if (command.startsWith("export ")) {
          exports.push(command);
          continue;
        }
        const typed = command.replaceAll("<order_id>", seen.orderId).replaceAll("<token>", seen.token);
        const run = await bash([...exports, typed].join("\n"));
        expect(run.calls, typed).toHaveLength(1);
        const call = run.calls[0] as Call;
        const operation = operationOf(call);
        const errorCode = /^#\s*(?:→\s*)?\{"error":\{"code":"(\w+)"/.exec(after)?.[1];
        const status = errorCode ? errorStatus[errorCode as keyof typeof errorStatus] : operation.successStatus;
        results.push(`${operation.id} ${call.status} exit ${run.exitCode}${errorCode && run.stdout.includes(`"code":"${errorCode}"`) ? ` ${errorCode}` : ""}`);
        expected.push(`${operation.id} ${status} exit 0${errorCode ? ` ${errorCode}` : ""}`);
        // The details the README shows are the ones the reader gets.
        const shownDetails = /"details":(\{[^{}]*\})/.exec(after)?.[1];
        if (shownDetails && run.stdout.startsWith("{")) expect(json(run.stdout).error, typed).toMatchObject({ details: json(shownDetails) });
        // What the reader copies into the next commands.
        if (call.status < 300 && run.stdout.startsWith("{")) {
          const body = json(run.stdout);
          if (typeof body.order === "object" && body.order !== null) seen.orderId = field(body, "order", "id");
          if (typeof body.token === "string" && operation.id === "createAnonymousPlayer") seen.token = body.token;
        }
      }
    }
    expect(results).toEqual(expected);
    // The walk reaches the server API, the checkout and its test helper, and the client API.
    expect(results.map((line) => line.split(" ")[0])).toEqual(
      expect.arrayContaining(["getCatalog", "grantCurrency", "spendCurrency", "createCheckout", "testPayOrder", "getOrder", "createAnonymousPlayer", "getMe", "redeemClientCode"]),
    );
  }, 120_000);
});

describe("the /docs reference's curl examples, on the demo data", () => {
  const state = { playerToken: "", playerId: "", playerSecret: "", checkoutOrder: "", clientOrder: "", emailCode: "" };
  const env = () => ({ GAMECOIN_SECRET_KEY: keys.secret, GAMECOIN_PUBLISHABLE_KEY: keys.publishable, PLAYER_TOKEN: state.playerToken });

  // Run after the README's walk, as a reader would: ext:player-42 exists and has ledger entries.
  it("in the guides: each answers 200", async () => {
    const ledger = await fetch(`${keys.apiBase}/players/ext:player-42/ledger?limit=1`, { headers: { Authorization: `Bearer ${keys.secret}` } });
    const nextCursor = field(json(await ledger.text()), "nextCursor");
    const blocks = buildGuides(reference, errorStatus).flatMap((guide) => curlBlocks(guide.markdown));
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const run = await bash(block, { ...env(), NEXT_CURSOR: nextCursor });
      expect(run.calls.length, block).toBeGreaterThan(0);
      expect(run.calls.map((call) => `${operationOf(call).id} ${call.status}`), block).toEqual(run.calls.map((call) => `${operationOf(call).id} 200`));
      expect(run.exitCode, block).toBe(0);
    }
  }, 60_000);

  it("of every operation: each answers its documented success status, in the document's order", async () => {
    const results: string[] = [];
    const expected: string[] = [];
    for (const operation of reference.operations) {
      let orderId = "";
      let code = SAMPLE_EMAIL_CODE;
      // What the reader's own game did before, or what they copy from an earlier answer.
      if (operation.id === "getOrder") orderId = state.checkoutOrder;
      if (operation.id === "getClientOrder") orderId = state.clientOrder;
      if (["testPayOrder", "testDeclineOrder", "testCancelOrder", "testExpireOrder"].includes(operation.id)) orderId = await newOrder({ paid: false });
      if (["refundOrder", "testChargebackOrder"].includes(operation.id)) orderId = await newOrder({ paid: true });
      if (operation.id === "spendClient") await api("POST", `/players/${state.playerId}/wallet/grant`, { currency: "gems", amount: 100, reason: "welcome" });
      const logLength = serverLog.length;
      if (operation.id === "verifyMeEmailCode" || operation.id === "verifySignInEmailCode") code = state.emailCode;
      const typed = operation.examples.curl.replaceAll(SAMPLE_PLAYER_ID, state.playerId).replaceAll(SAMPLE_PLAYER_SECRET, state.playerSecret).replaceAll(SAMPLE_EMAIL_CODE, code);
      const run = await bash(typed, { ...env(), ORDER_ID: orderId });
      const call = run.calls[0];
      results.push(`${operation.id} ${call?.status ?? "no call"}`);
      // The demo game sells in no store (its settings need the studio's own keys), so a store purchase's
      // example meets the documented refusal: 409, the store is not set up.
      expected.push(`${operation.id} ${STORE_OPERATIONS.has(operation.id) ? 409 : operation.success?.status}`);
      if (!call || call.status >= 300) continue;
      const body = run.stdout.startsWith("{") ? json(run.stdout) : {};
      if (operation.id === "createCheckout") state.checkoutOrder = field(body, "order", "id");
      if (operation.id === "createClientCheckout") state.clientOrder = field(body, "order", "id");
      if (operation.id === "createAnonymousPlayer") {
        state.playerToken = field(body, "token");
        state.playerId = field(body, "player", "id");
        state.playerSecret = field(body, "playerSecret");
      }
      if (operation.id === "requestMeEmailCode" || operation.id === "requestSignInEmailCode") state.emailCode = await mailedCode("aria@studio.test", logLength);
    }
    expect(results).toEqual(expected);
    expect(results).toHaveLength(reference.operations.length);
  }, 120_000);
});

describe("examples/web-game on the demo data", () => {
  it("its page's origin (serve.mjs's default, http://127.0.0.1:4173) may call the client API", async () => {
    const serve = readFileSync(path.join(ROOT, "examples", "web-game", "serve.mjs"), "utf8");
    const port = /process\.env\.PORT \?\? (\d+)/.exec(serve)?.[1];
    const page = `http://127.0.0.1:${port}`;
    expect(page).toBe("http://127.0.0.1:4173");
    const preflight = await fetch(`${keys.apiBase}/client/players`, {
      method: "OPTIONS",
      headers: { Origin: page, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,x-service-key" },
    });
    expect(preflight.status).toBe(204);
    const created = await fetch(`${keys.apiBase}/client/players`, {
      method: "POST",
      headers: { Origin: page, "X-Service-Key": keys.publishable, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("access-control-allow-origin")).toBe(page);
  });
});
