/**
 * Iteration helper: spends against an already running server (BASE_URL), one scenario, no build.
 * `--hot`: one player; `--client`: client spends (publishable key, a player token per player, issued first).
 */
import { BENCH_KEYS } from "./fixture";
import { runLoad, runSpends, type SpendResult } from "./load";
import { clientSpendScenario, issueTokens } from "./scenarios";

const baseUrl = process.env.BASE_URL ?? "http://127.0.0.1:3210";
const hot = process.argv.includes("--hot");
const client = process.argv.includes("--client");
const target = { baseUrl, secretKey: BENCH_KEYS.secret, currency: "coins" };
const players = hot ? ["ext:hot"] : Array.from({ length: 1000 }, (_, i) => `ext:bench-${i}`);
const options = { connections: Number(process.env.QUICK_CONNECTIONS ?? 32), durationSeconds: Number(process.env.QUICK_SECONDS ?? 10) };

async function run(): Promise<SpendResult> {
  if (!client) return runSpends(target, { name: hot ? "hot" : "spread", players }, options);
  const tokens = await issueTokens(target, players);
  return runLoad(baseUrl, clientSpendScenario("client", { ...target, publishableKey: BENCH_KEYS.publishable }, tokens), options);
}

const result = await run();
console.log(JSON.stringify({ runner: result.runner, rps: result.requestsPerSecond, lat: result.latencyMs, status: result.statusCodes, fail: result.sampleFailures }));
