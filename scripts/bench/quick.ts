/** Iteration helper: spends against an already running server (BASE_URL), one scenario, no build. */
import { runSpends } from "./load";

const baseUrl = process.env.BASE_URL ?? "http://127.0.0.1:3210";
const hot = process.argv.includes("--hot");
const players = hot ? ["ext:hot"] : Array.from({ length: 1000 }, (_, i) => `ext:bench-${i}`);
const result = await runSpends(
  { baseUrl, secretKey: "svc_sk_test_bench_0123456789abcdefghijklmn", currency: "coins" },
  { name: hot ? "hot" : "spread", players },
  { connections: Number(process.env.QUICK_CONNECTIONS ?? 32), durationSeconds: Number(process.env.QUICK_SECONDS ?? 10) },
);
console.log(JSON.stringify({ runner: result.runner, rps: result.requestsPerSecond, lat: result.latencyMs, status: result.statusCodes, fail: result.sampleFailures }));
