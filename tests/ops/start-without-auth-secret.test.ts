/**
 * `npm start` (the compiled server, as deployed) without AUTH_SECRET exits 1 before it listens, with a
 * message naming the variable and no value. It used to start and answer 500 on every page that
 * needed the secret. tests/security/production-start.test.ts checks server.ts itself on every `npm test`.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "./support/shutdown/server-process";

const CRON_SECRET = "ops-cron-secret-value-2c81f0";

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

describe("npm start without AUTH_SECRET", () => {
  it("exits 1 before listening, naming AUTH_SECRET and printing no secret", async () => {
    expect(existsSync(path.join(ROOT_DIR, "dist", "server.js")), "run `npm run build` first").toBe(true);
    const port = await freePort();
    const child = spawn("npm", ["start"], {
      cwd: ROOT_DIR,
      // What a deploy that forgot the variable has: the runner's environment must not leak in.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", PORT: String(port), CRON_SECRET },
      // Its own process group: should it hang, one signal reaches npm and the node it runs.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, "SIGKILL"), 60_000);
    const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
    clearTimeout(timer);

    expect(code).toBe(1);
    expect(output).toContain("Invalid environment variable(s):\n  AUTH_SECRET: must be set in production");
    expect(output).not.toContain("listening");
    expect(output).not.toContain(CRON_SECRET);
  });
});
