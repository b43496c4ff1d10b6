/** The built app (`npm start`, NODE_ENV=production) in its own process group, for the whole e2e run. */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { APP_PORT, APP_SECRETS, ROOT_DIR } from "./env";

export type AppServer = { url: string; logFile: string; stop: () => Promise<void> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok && ((await response.json()) as { ok?: unknown }).ok === true;
  } catch {
    return false;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Signals the whole process group (npm, the server and any worker it forks), ignoring a group already gone. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function tail(file: string, lines = 60): Promise<string> {
  try {
    return (await readFile(file, "utf8")).split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server log)";
  }
}

/**
 * Starts the app the way production does (`npm start`, PORT set) on the build in `.next/` (it never
 * builds: run `npm run build` first) and waits until `/api/health` answers ok. The run's app is on
 * APP_PORT; a test may start another instance on its own `port` (its log: app-server-<port>.log).
 */
export async function startAppServer(options: { databaseUrl: string; logDir: string; port?: number; env?: Record<string, string> }): Promise<AppServer> {
  const port = options.port ?? APP_PORT;
  const url = `http://localhost:${port}`;
  if (!existsSync(path.join(ROOT_DIR, ".next", "BUILD_ID"))) {
    throw new Error("No production build in .next/: run `npm run build` before `npm run test:e2e`.");
  }
  if (await answers(url)) {
    throw new Error(`Something already answers on ${url}; stop it or set ${port === APP_PORT ? "E2E_PORT" : "its port variable"} to a free port.`);
  }
  await mkdir(options.logDir, { recursive: true });
  const logFile = path.join(options.logDir, port === APP_PORT ? "app-server.log" : `app-server-${port}.log`);
  const log = createWriteStream(logFile, { flags: "w" });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    PORT: String(port),
    PUBLIC_URL: url,
    SCHEDULER: "off",
    NODE_ENV: "production",
    MIGRATE_ON_START: "1",
    NEXT_TELEMETRY_DISABLED: "1",
    ...APP_SECRETS,
    // Every app of the run talks to the run's local Stripe server (global setup), never to Stripe.
    ...(process.env.E2E_STRIPE_URL ? { STRIPE_API_BASE: process.env.E2E_STRIPE_URL } : {}),
    ...(process.env.E2E_MOLLIE_URL ? { MOLLIE_API_BASE: process.env.E2E_MOLLIE_URL } : {}),
    ...options.env,
  };
  // The production entry point, as deployed: `npm start` (the port comes from PORT).
  const child = spawn("npm", ["start"], { cwd: ROOT_DIR, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // Last resort when the runner exits without its teardown: the detached group would outlive it.
  const killOnExit = () => killGroup(child, "SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(child, "SIGTERM");
      const done = await Promise.race([exited(child).then(() => true), sleep(10_000).then(() => false)]);
      if (!done) {
        killGroup(child, "SIGKILL");
        await exited(child);
      }
    }
    // Workers the group signal did not reach (none expected) must not outlive the run.
    killGroup(child, "SIGKILL");
    process.off("exit", killOnExit);
    log.end();
  };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`npm start exited (${child.exitCode ?? child.signalCode}) before answering; log ${logFile}:\n${await tail(logFile)}`);
    }
    if (await healthy(url)) return { url, logFile, stop };
    await sleep(300);
  }
  await stop();
  throw new Error(`${url}/api/health did not answer ok within 90 s; log ${logFile}:\n${await tail(logFile)}`);
}
