/** Starts and stops the production server in its own process group. */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { processTree } from "./proc";

export type ServerHandle = { pid: number; child: ChildProcess; baseUrl: string; logFile: string; exited: Promise<number | null> };

export type ServerOptions = {
  cwd: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
  /**
   * "npm" runs `npm start` (npm stays resident as node's parent, so its tree is what a studio running
   * `npm start` gets); "direct" runs node with the start script's own flags, for a profile; "npx" runs
   * `npx next start`. Build first.
   */
  launcher: "npm" | "direct" | "npx";
  /** extra Node flags, e.g. --cpu-prof (for "npx", passed in NODE_OPTIONS) */
  nodeArgs?: string[];
  /** what the "direct" launcher runs, relative to `cwd`: the compiled server unless the bench's floor (bench/floor-server.ts) */
  entry?: string;
};

/** The node flags of package.json's `start` script (heap limits), so "direct" runs what `npm start` runs. */
export function startScriptNodeFlags(cwd: string): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(cwd, "package.json"), "utf8")) as { scripts?: Record<string, string> }).scripts;
  return (scripts?.start ?? "").split(/\s+/).filter((word) => /^--max-[a-z-]+=\d+$/.test(word));
}

export function startServer(options: ServerOptions): ServerHandle {
  const log = createWriteStream(options.logFile, { flags: "a" });
  const nodeArgs = options.nodeArgs ?? [];
  const [command, argv] =
    options.launcher === "npx"
      ? ["npx", ["next", "start", "-p", String(options.port)]]
      : options.launcher === "npm"
        ? ["npm", ["start"]]
        : [process.execPath, [...nodeArgs, ...startScriptNodeFlags(options.cwd), path.join(options.cwd, options.entry ?? "dist/server.js")]];
  if (options.launcher === "npm" && nodeArgs.length > 0) throw new Error("node flags need the direct launcher");
  const nodeOptions = options.launcher === "npx" && nodeArgs.length > 0 ? { NODE_OPTIONS: nodeArgs.join(" ") } : {};
  const child = spawn(command, argv, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, ...nodeOptions, PORT: String(options.port), NODE_ENV: "production" },
    // Its own process group: process.kill(-pid) reaches next and the next-server child it forks.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  if (child.pid === undefined) throw new Error(`Could not start ${command}`);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { pid: child.pid, child, baseUrl: `http://127.0.0.1:${options.port}`, logFile: options.logFile, exited };
}

export function serverLogTail(handle: ServerHandle, lines = 40): string {
  try {
    return readFileSync(handle.logFile, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server log)";
  }
}

export async function waitForHealth(handle: ServerHandle, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void handle.exited.then((code) => {
    exitCode = code;
  });
  let lastProblem = "";
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The server exited with code ${exitCode} before answering:\n${serverLogTail(handle)}`);
    try {
      const response = await fetch(`${handle.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms (${lastProblem}):\n${serverLogTail(handle)}`);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

/** SIGTERM to the whole group, SIGKILL after `graceMs`. */
export async function stopServer(handle: ServerHandle, graceMs = 10_000): Promise<void> {
  signalGroup(handle.pid, "SIGTERM");
  const timedOut = await Promise.race([
    handle.exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref()),
  ]);
  if (timedOut) {
    signalGroup(handle.pid, "SIGKILL");
    await handle.exited;
  }
  // A next-server child may outlive its parent for a moment: nothing of the group may be left behind.
  for (let attempt = 0; attempt < 20 && processTree(handle.pid).length > 0; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (processTree(handle.pid).length > 0) signalGroup(handle.pid, "SIGKILL");
}
