/**
 * The bench's load runner: wrk (Debian's `wrk`), driven by scripts/bench/wrk-scenario.lua. A C client
 * costs the machine a fifth of what autocannon in this process did (0.03 against 0.17 ms of CPU per
 * request on a 2-vCPU VM), and the machine is what the server, Postgres and the load share; pgbench,
 * the yardstick, brings a C client too (docs/performance.md, "Method").
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoadScenario, LoadOptions, SpendResult } from "./load";

const SCRIPT = path.join(path.dirname(new URL(import.meta.url).pathname), "wrk-scenario.lua");
const RESULT_MARK = "WRK_RESULT ";
/** wrk's timeout of one request. */
const WRK_TIMEOUT_SECONDS = 30;

/** Whether `wrk` is on the PATH (`apt-get install wrk`). */
export function wrkAvailable(): boolean {
  return spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined;
}

/** A Lua string literal of any text: bytes outside printable ASCII, quotes and backslashes as \ddd. */
function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, "utf8")) {
    out += byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c ? String.fromCharCode(byte) : `\\${byte}`;
  }
  return `${out}"`;
}

/** The run's data file for wrk-scenario.lua: the request templates, the key prefix, the expected status. */
function scenarioFile(scenario: LoadScenario, keyPrefix: string): string {
  const requests = scenario.requests.map((request) => {
    const headers = Object.entries(request.headers)
      .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
      .join(", ");
    const body = request.body === undefined ? "nil" : luaString(request.body);
    return `{ method = ${luaString(request.method ?? "POST")}, path = ${luaString(request.path)}, headers = { ${headers} }, body = ${body} }`;
  });
  return `return {\n  key_prefix = ${luaString(keyPrefix)},\n  expected = ${scenario.expectedStatus ?? 200},\n  requests = {\n    ${requests.join(",\n    ")}\n  },\n}\n`;
}

type WrkReport = {
  durationMicros: number;
  completed: number;
  sent: number;
  latencyMicros: { p50: number; p90: number; p99: number; max: number; mean: number };
  errors: { connect: number; read: number; write: number; timeout: number };
  statusCodes: Record<string, number>;
  sampleFailures: { status: number; body: string }[];
};

/**
 * wrk, stopped when its run should long be over, or when this process exits first. A wrk whose server
 * went away mid-run was seen spinning on a core for minutes past its duration, spoiling the
 * measurements after it.
 */
function runWrk(args: string[], { deadlineMs }: { deadlineMs: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    const stop = () => child.kill("SIGKILL");
    process.once("exit", stop);
    const deadline = setTimeout(() => {
      stop();
      reject(new Error(`wrk still running ${deadlineMs} ms after it started; stopped`));
    }, deadlineMs);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(deadline);
      process.off("exit", stop);
      if (code === 0) resolve(stdout);
      else reject(new Error(`wrk exited with ${code}: ${stderr || stdout}`));
    });
  });
}

const milliseconds = (micros: number) => Math.round(micros / 10) / 100;

/** Closed-loop load with wrk: `connections` keep-alive connections on one thread for `durationSeconds`. */
export async function runWithWrk(baseUrl: string, scenario: LoadScenario, options: LoadOptions & { keyPrefix: string }): Promise<SpendResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gamecoin-wrk-"));
  try {
    const dataFile = path.join(dir, "scenario.lua");
    writeFileSync(dataFile, scenarioFile(scenario, options.keyPrefix));
    // One thread: at a few thousand requests a second one event loop is idle most of the time, and a
    // second would only take a core's time slices from the server.
    const args = ["-t1", `-c${options.connections}`, `-d${options.durationSeconds}s`, "--timeout", `${WRK_TIMEOUT_SECONDS}s`, "-s", SCRIPT, baseUrl, "--", dataFile];
    // Its run, a request's timeout, and a margin for starting and reporting.
    const stdout = await runWrk(args, { deadlineMs: (options.durationSeconds + WRK_TIMEOUT_SECONDS + 15) * 1000 });
    const line = stdout.split("\n").find((l) => l.startsWith(RESULT_MARK));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const report = JSON.parse(line.slice(RESULT_MARK.length)) as WrkReport;
    const seconds = report.durationMicros / 1e6;
    const expected = String(scenario.expectedStatus ?? 200);
    const okAnswers = report.statusCodes[expected] ?? 0;
    const total = Object.values(report.statusCodes).reduce((sum, n) => sum + n, 0);
    const errors = report.errors.connect + report.errors.read + report.errors.write;
    return {
      scenario: scenario.name,
      runner: "wrk",
      durationSeconds: Math.round(seconds * 100) / 100,
      connections: options.connections,
      requestsPerSecond: Math.round(report.completed / seconds),
      completedPerSecond: Math.round(okAnswers / seconds),
      latencyMs: {
        p50: milliseconds(report.latencyMicros.p50),
        p90: milliseconds(report.latencyMicros.p90),
        p99: milliseconds(report.latencyMicros.p99),
        max: milliseconds(report.latencyMicros.max),
        mean: milliseconds(report.latencyMicros.mean),
      },
      total,
      sent: report.sent,
      okAnswers,
      non2xx: Object.entries(report.statusCodes).reduce((sum, [status, n]) => (status.startsWith("2") ? sum : sum + n), 0),
      errors,
      timeouts: report.errors.timeout,
      statusCodes: report.statusCodes,
      sampleFailures: report.sampleFailures,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
