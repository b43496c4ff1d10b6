/** Funding through the API and the autocannon load runner (spends; other scenarios in scenarios.ts). */
import autocannon from "autocannon";
import { randomUUID } from "node:crypto";

export type Target = { baseUrl: string; secretKey: string; currency: string };

/** `ext:<id>` with only the caller's id URL-encoded (SPEC convention 5: the "ext:" itself stays as is). */
export function refSegment(ref: string): string {
  return ref.startsWith("ext:") ? `ext:${encodeURIComponent(ref.slice(4))}` : encodeURIComponent(ref);
}

export function headers(target: Target, idempotencyKey: string): Record<string, string> {
  return {
    authorization: `Bearer ${target.secretKey}`,
    "content-type": "application/json",
    "idempotency-key": idempotencyKey,
  };
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
        headers: headers(target, `bench-fund-${ref}-${randomUUID()}`),
        body,
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`Funding ${ref} answered ${response.status}: ${text.slice(0, 500)}`);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, refs.length) }, () => worker()));
}

let requestCounter = 0;

export type SpendScenario = { name: string; players: string[] };

/**
 * One request of a load scenario, built afresh for every request, so nothing is replayed: `n` is unique
 * in this process, also across the warm-up and the measured run of one scenario.
 */
export type LoadRequest = { path: string; headers: Record<string, string>; body?: string; method?: "GET" | "POST" };
/** `expectedStatus`: the answer every request of the scenario should get (200 unless said; 409 for refusals). */
export type LoadScenario = { name: string; next: (n: number) => LoadRequest; expectedStatus?: number };

export type SpendResult = {
  scenario: string;
  durationSeconds: number;
  connections: number;
  requestsPerSecond: number; // autocannon's mean of the per-second samples
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

/** Closed-loop load: `connections` keep-alive connections send `scenario.next(n)` for `durationSeconds`. */
export async function runLoad(
  baseUrl: string,
  scenario: LoadScenario,
  options: { connections: number; durationSeconds: number },
): Promise<SpendResult> {
  const sampleFailures: { status: number; body: string }[] = [];
  const expected = scenario.expectedStatus ?? 200;

  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 30,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const next = scenario.next(++requestCounter);
          return { ...request, method: next.method ?? "POST", path: next.path, headers: next.headers, body: next.body };
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

/** Server spends of 1 coin over `scenario.players`, each with a new Idempotency-Key and a random player. */
export function spendScenario(target: Target, scenario: SpendScenario): LoadScenario {
  const body = JSON.stringify({ currency: target.currency, amount: 1 });
  const paths = scenario.players.map((ref) => `/api/v1/players/${refSegment(ref)}/wallet/spend`);
  const runId = randomUUID().slice(0, 8);
  return {
    name: scenario.name,
    next: (n) => ({ path: paths[Math.floor(Math.random() * paths.length)] as string, headers: headers(target, `bench-${runId}-${n}`), body }),
  };
}

/** POST /players/{ref}/wallet/spend {currency, amount: 1} over `scenario.players` (see spendScenario). */
export function runSpends(target: Target, scenario: SpendScenario, options: { connections: number; durationSeconds: number }): Promise<SpendResult> {
  return runLoad(target.baseUrl, spendScenario(target, scenario), options);
}

/**
 * Server spends that are refused (409 INSUFFICIENT_FUNDS) over `scenario.players`, whose balances hold
 * fewer than `amount` coins: what a client that spams refusals costs the server (one statement each).
 */
export function refusedSpendScenario(target: Target, scenario: SpendScenario & { amount: number }): LoadScenario {
  const body = JSON.stringify({ currency: target.currency, amount: scenario.amount });
  const paths = scenario.players.map((ref) => `/api/v1/players/${refSegment(ref)}/wallet/spend`);
  const runId = randomUUID().slice(0, 8);
  return {
    name: scenario.name,
    expectedStatus: 409,
    next: (n) => ({ path: paths[Math.floor(Math.random() * paths.length)] as string, headers: headers(target, `bench-refused-${runId}-${n}`), body }),
  };
}
