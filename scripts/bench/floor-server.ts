/**
 * The floor of `npm run bench`: the spends of scenario (a) with nothing around them but node:http.
 * Each request goes to the same domain function the API calls (`spendCurrency`: the same batcher, the
 * same `money_move_batch` statement, the same pool and driver, an idempotency record with its
 * fingerprint), with no authentication, rate limit, validation, request log, metrics or security
 * headers. What (a) loses against this floor is the API's own work per request, a figure that moves
 * with the machine much less than the ratio to pgbench does.
 *
 * Started by the bench as `node --import tsx --import ./scripts/server-only-hook.mjs
 * scripts/bench/floor-server.ts` with DATABASE_URL and PORT; it answers GET /api/health and
 * POST /api/v1/players/{player}/wallet/spend for the bench game's secret key, and nothing else.
 */
import { createServer, type ServerResponse } from "node:http";
import { errorAnswer } from "@/server/api/http";
import { parsePlayerRefSegment } from "@/server/api/player-ref-param";
import { getDb } from "@/server/db/connection";
import { requestFingerprint } from "@/server/idempotency/fingerprint";
import { authenticateKey } from "@/server/keys/authenticate-key";
import type { PlayerRef } from "@/server/players/player-ref";
import { spendCurrency } from "@/server/wallet/spend-currency";
import { BENCH_KEYS } from "./fixture";

const SPEND_PATH = /^\/api\/v1(\/players\/([^/]+)\/wallet\/spend)$/;

const db = await getDb();
const identity = await authenticateKey(db, BENCH_KEYS.secret);
if (!identity) throw new Error("the bench game's secret key is unknown: seed the bench fixture first");
const scope = { gameId: identity.gameId, env: identity.env };
const settings = identity.settings;

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) });
  res.end(body);
}

type SpendRequest = { path: string; ref: PlayerRef; bodyText: string; key: string };

/** The spend's answer; a refusal or a fault as the API's own error envelope. */
async function spend({ path, ref, bodyText, key }: SpendRequest): Promise<{ status: number; body: string }> {
  const input = JSON.parse(bodyText) as { currency: string; amount: number };
  const claim = { principal: "server", key, fingerprint: requestFingerprint("spendCurrency", path, input), operation: "spendCurrency", status: 200 };
  try {
    const answer = await spendCurrency(db, {
      scope,
      settings,
      player: { ref, ifUnknown: "create" },
      input,
      claim,
    });
    return answer.outcome === "moved" ? { status: 200, body: answer.text } : { status: 409, body: '{"error":{"code":"IDEMPOTENCY_KEY_REUSED"}}' };
  } catch (error) {
    const answer = errorAnswer(error);
    return { status: answer.status, body: answer.body ?? "" };
  }
}

createServer((req, res) => {
  if (req.method === "GET" && req.url === "/api/health") return send(res, 200, '{"status":"ok"}');
  const match = req.method === "POST" ? SPEND_PATH.exec(req.url ?? "") : null;
  const ref = match ? parsePlayerRefSegment(match[2] ?? "") : null;
  const key = req.headers["idempotency-key"];
  if (!match || !ref || typeof key !== "string") return send(res, 404, '{"error":{"code":"NOT_FOUND"}}');
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    void spend({ path: match[1] ?? "", ref, bodyText: Buffer.concat(chunks).toString("utf8"), key }).then((answer) => send(res, answer.status, answer.body));
  });
}).listen(Number(process.env.PORT ?? 3210), "127.0.0.1");

// Stopped by the bench with SIGTERM.
process.once("SIGTERM", () => process.exit(0));
