/**
 * Production without AUTH_SECRET refuses to start: the server process (server.ts, what `npm start`
 * runs compiled) exits non-zero before it listens, naming the variable and printing no value. Before
 * this check it started and answered 500 on every page that needed the secret.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Secrets the process is given: none of them may appear in what it prints. */
const CRON_SECRET = "cron-secret-value-7f3a9c";
const PREVIOUS = "previous-auth-secret-value-51be0d";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Starts server.ts in production with `env` and waits for its exit (or gives up after `timeoutMs`). */
function start(env: Record<string, string>, timeoutMs = 45_000): Promise<{ code: number | null; output: string }> {
  // Node with tsx as a loader (one process: a kill on timeout leaves nothing behind), as tsx runs server.ts.
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "server.ts"], {
    cwd: ROOT,
    // A clean environment: the runner's NODE_ENV=test, DATABASE_URL and friends must not leak in.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", PGLITE_DATA_DIR: "memory://", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("starting in production", () => {
  it("without AUTH_SECRET: exits 1 before listening, naming AUTH_SECRET and no value", async () => {
    const port = await freePort();
    const { code, output } = await start({ PORT: String(port), CRON_SECRET, AUTH_SECRET_PREVIOUS: PREVIOUS });
    expect(code).toBe(1);
    expect(output).toContain("Invalid environment variable(s):\n  AUTH_SECRET: must be set in production");
    expect(output).not.toContain("listening");
    expect(output).not.toContain(CRON_SECRET);
    expect(output).not.toContain(PREVIOUS);
  }, 60_000);

  it("with an empty AUTH_SECRET (unset, as in most dotenv setups): refused the same way", async () => {
    const { code, output } = await start({ PORT: String(await freePort()), AUTH_SECRET: "" });
    expect(code).toBe(1);
    expect(output).toContain("AUTH_SECRET: must be set in production");
  }, 60_000);
});
