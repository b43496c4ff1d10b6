/** Funding through the API, and the load runners (spends here; other scenarios in scenarios.ts). */
import autocannon from "autocannon";
import { randomUUID } from "node:crypto";
import { runWithWrk, wrkAvailable } from "./wrk-runner";

export type Target = { baseUrl: string; secretKey: string; currency: string };

/** `ext:<id>` with only the caller's id URL-encoded (SPEC convention 5: the "ext:" itself stays as is). */
export function refSegment(ref: string): string {
  return ref.startsWith("ext:") ? `ext:${encodeURIComponent(ref.slice(4))}` : encodeURIComponent(ref);
}

/** A server request's headers; the load runner adds the Idempotency-Key. */
export function headers(target: Target): Record<string, string> {
  return { authorization: `Bearer ${target.secretKey}`, "content-type": "application/json" };
}

export type Funding = { amount: number; concurrency?: number };

/** Grants `amount` to every player, `concurrency` requests at a time; throws on the first non-200. */
export async function fundPlayers(target: Target, refs: string[], { amount, concurrency = 16 }: Funding): Promise<void> {
  let next = 0;
  const body = JSON.stringify({ currency: target.currency, amount, reason: "bench funding" });
  async function worker(): Promise<void> {
    while (next < refs.length) {
      const ref = refs[next++] as string;
      const response = await fetch(`${target.baseUrl}/api/v1/players/${refSegment(ref)}/wallet/grant`, {
        method: "POST",
        headers: { ...headers(target), "idempotency-key": `bench-fund-${ref}-${randomUUID()}` },
        body,
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`Funding ${ref} answered ${response.status}: ${text.slice(0, 500)}`);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, refs.length) }, () => worker()));
}

export type SpendScenario = { name: string; players: string[] };

/** A request of a load scenario; the runner adds an Idempotency-Key no other request of the run has. */
export type LoadRequest = { path: string; headers: Record<string, string>; body?: string; method?: "GET" | "POST" };
/**
 * Every request sent is one of `requests`, picked at random, so nothing is replayed. `keyPrefix` starts
 * each key (a run adds its own id); `expectedStatus`: the answer every request should get (200 unless
 * said; 409 for refusals).
 */
export type LoadScenario = { name: string; requests: LoadRequest[]; keyPrefix: string; expectedStatus?: number };
export type LoadOptions = { connections: number; durationSeconds: number };

export type SpendResult = {
  scenario: string;
  /** what sent the load: wrk (C, its own process) or autocannon (in this process) */
  runner: "wrk" | "autocannon";
  durationSeconds: number;
  connections: number;
  requestsPerSecond: number; // answers per second of the run
  completedPerSecond: number; // answers with the expected status / duration
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  total: number;
  /** requests sent, including the ones still in flight when the run stopped (the server finishes those) */
  sent: number;
  /** answers with the scenario's expected status (200 unless it says otherwise) */
  okAnswers: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  sampleFailures: { status: number; body: string }[];
};

/**
 * wrk when it is installed (and BENCH_LOAD_RUNNER is not "autocannon"), autocannon otherwise. Said once
 * per process, as a run's figures are only comparable with the same runner.
 */
let chosenRunner: SpendResult["runner"] | undefined;
function loadRunner(): SpendResult["runner"] {
  if (chosenRunner) return chosenRunner;
  const wanted = process.env.BENCH_LOAD_RUNNER;
  if (wanted !== undefined && wanted !== "wrk" && wanted !== "autocannon") throw new Error(`BENCH_LOAD_RUNNER is "${wanted}": use wrk or autocannon`);
  chosenRunner = wanted === "autocannon" ? "autocannon" : wrkAvailable() ? "wrk" : "autocannon";
  if (chosenRunner === "autocannon" && wanted !== "autocannon") {
    console.error("[bench] wrk is not installed (apt-get install wrk): autocannon sends the load, and takes CPU from the server");
  }
  return chosenRunner;
}

/** Closed-loop load: `connections` keep-alive connections send the scenario's requests for `durationSeconds`. */
export function runLoad(baseUrl: string, scenario: LoadScenario, options: LoadOptions): Promise<SpendResult> {
  const keyPrefix = `${scenario.keyPrefix}-${randomUUID().slice(0, 8)}`;
  return loadRunner() === "wrk" ? runWithWrk(baseUrl, scenario, { ...options, keyPrefix }) : runWithAutocannon(baseUrl, scenario, { ...options, keyPrefix });
}

async function runWithAutocannon(baseUrl: string, scenario: LoadScenario, options: LoadOptions & { keyPrefix: string }): Promise<SpendResult> {
  const sampleFailures: { status: number; body: string }[] = [];
  const expected = scenario.expectedStatus ?? 200;
  let sent = 0;

  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 30,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const next = scenario.requests[Math.floor(Math.random() * scenario.requests.length)] as LoadRequest;
          const headers = { ...next.headers, "idempotency-key": `${options.keyPrefix}-${++sent}` };
          return { ...request, method: next.method ?? "POST", path: next.path, headers, body: next.body };
        },
        onResponse: (status, responseBody) => {
          if (status !== expected && sampleFailures.length < 5) sampleFailures.push({ status, body: String(responseBody).slice(0, 300) });
        },
      },
    ],
  });

  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats?.count ?? 0;
  const total = Object.values(statusCodes).reduce((sum, n) => sum + n, 0);
  const okAnswers = statusCodes[String(expected)] ?? 0;
  return {
    scenario: scenario.name,
    runner: "autocannon",
    durationSeconds: result.duration,
    connections: options.connections,
    requestsPerSecond: Math.round(result.requests.average),
    completedPerSecond: Math.round(okAnswers / result.duration),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: Math.round(result.latency.mean * 100) / 100,
    },
    total,
    sent: result.requests.sent,
    okAnswers,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    sampleFailures,
  };
}

/** POST /players/{ref}/wallet/spend {currency, amount} for each of `players`. */
function spendRequests(target: Target, { players, amount }: { players: string[]; amount: number }): LoadRequest[] {
  const body = JSON.stringify({ currency: target.currency, amount });
  return players.map((ref) => ({ path: `/api/v1/players/${refSegment(ref)}/wallet/spend`, headers: headers(target), body }));
}

/** Server spends of 1 coin over `scenario.players`, each with a new Idempotency-Key and a random player. */
export function spendScenario(target: Target, scenario: SpendScenario): LoadScenario {
  return { name: scenario.name, keyPrefix: "bench", requests: spendRequests(target, { players: scenario.players, amount: 1 }) };
}

/** POST /players/{ref}/wallet/spend {currency, amount: 1} over `scenario.players` (see spendScenario). */
export function runSpends(target: Target, scenario: SpendScenario, options: LoadOptions): Promise<SpendResult> {
  return runLoad(target.baseUrl, spendScenario(target, scenario), options);
}

/**
 * Server spends that are refused (409 INSUFFICIENT_FUNDS) over `scenario.players`, whose balances hold
 * fewer than `amount` coins: what a client that spams refusals costs the server (one statement each).
 */
export function refusedSpendScenario(target: Target, scenario: SpendScenario & { amount: number }): LoadScenario {
  return { name: scenario.name, keyPrefix: "bench-refused", expectedStatus: 409, requests: spendRequests(target, scenario) };
}
