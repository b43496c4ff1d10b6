/** The compiled server started as deployed (`npm start`), in its own process group, with its log kept. */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT_DIR = fileURLToPath(new URL("../../../..", import.meta.url));

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  logFile: string;
  /** Resolves with the exit code (null when a signal ended it) and when it came. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  log: () => Promise<string>;
  kill: (signal: NodeJS.Signals) => void;
  /** Last resort for cleanup: SIGKILL to the whole group. */
  killGroup: () => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startServer(options: { port: number; env: Record<string, string>; logFile: string }): Promise<ServerProcess> {
  if (!existsSync(path.join(ROOT_DIR, "dist", "server.js")) || !existsSync(path.join(ROOT_DIR, ".next", "BUILD_ID"))) {
    throw new Error("No production build (dist/server.js, .next/): run `npm run build` first.");
  }
  const url = `http://127.0.0.1:${options.port}`;
  const out = createWriteStream(options.logFile, { flags: "a" });
  // The test runner's variables (NODE_ENV=test, VITEST…) must not reach the server: a clean environment.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    ...options.env,
    PORT: String(options.port),
  };
  const child = spawn("npm", ["start"], { cwd: ROOT_DIR, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // gone already
    }
  };
  const handle: ServerProcess = {
    url,
    child,
    logFile: options.logFile,
    exited,
    log: () => readFile(options.logFile, "utf8"),
    kill: (signal) => child.kill(signal),
    killGroup,
  };
  const deadline = Date.now() + 90_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      const response = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return handle;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  killGroup();
  throw new Error(`The server did not become ready on ${url}:\n${(await handle.log()).split("\n").slice(-40).join("\n")}`);
}
