/**
 * One app instance started the way production starts it (`npm start`) in its own process group, on
 * the build already in .next/ (and dist/ when the start script runs the compiled server): never builds.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT_DIR = fileURLToPath(new URL("../../../..", import.meta.url));

export type Instance = { name: string; url: string; logFile: string; stop: () => Promise<void> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function gone(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function tail(file: string, lines = 60): Promise<string> {
  try {
    return (await readFile(file, "utf8")).split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/**
 * Starts `npm start` with `env` on `port` and waits until /api/health answers 200. The variables the
 * test runner sets for in-process tests (SCHEDULER=off, a huge rate limit, NODE_ENV=test) are replaced
 * by `env`, so the instance runs as deployed.
 */
export async function startInstance(options: { name: string; port: number; env: Record<string, string>; logDir: string }): Promise<Instance> {
  if (!existsSync(path.join(ROOT_DIR, ".next", "BUILD_ID"))) throw new Error("No production build in .next/: run `npm run build` first.");
  const url = `http://127.0.0.1:${options.port}`;
  if (await healthy(url)) throw new Error(`Something already answers on ${url}: stop it or pick another port.`);
  await mkdir(options.logDir, { recursive: true });
  const logFile = path.join(options.logDir, `${options.name}-${options.port}.log`);
  const log = createWriteStream(logFile, { flags: "w" });
  // NODE_ENV=test of the runner must not leak (the start script sets production too).
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...options.env, NODE_ENV: "production", PORT: String(options.port) };
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: ROOT_DIR,
    env,
    // Its own process group, so one signal reaches npm and the server it runs.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // Last resort if the runner dies without its teardown: a detached group would outlive it.
  const killOnExit = () => killGroup(child, "SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    if (!gone(child)) {
      killGroup(child, "SIGTERM");
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      const done = await Promise.race([exited.then(() => true), sleep(12_000).then(() => false)]);
      if (!done) killGroup(child, "SIGKILL");
    }
    killGroup(child, "SIGKILL");
    process.off("exit", killOnExit);
    log.end();
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gone(child)) {
      await stop();
      throw new Error(`${options.name}: npm start exited (${child.exitCode ?? child.signalCode}) before answering; log ${logFile}:\n${await tail(logFile)}`);
    }
    if (await healthy(url)) return { name: options.name, url, logFile, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`${options.name}: ${url}/api/health did not answer within 60 s; log ${logFile}:\n${await tail(logFile)}`);
}
