/** Long-running helpers of the lane (instances, PgBouncer, nginx), each in its own process group. */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Started = { name: string; child: ChildProcess; logFile: string; stop: () => Promise<void> };

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Signals a whole process group, ignoring one already gone. */
export function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export async function tail(file: string, lines = 60): Promise<string> {
  try {
    return (await readFile(file, "utf8")).split("\n").slice(-lines).join("\n");
  } catch {
    return `(no log at ${file})`;
  }
}

/** Starts `command` detached (its own group), stdout and stderr into `logFile`; `stop` sends SIGTERM, then SIGKILL after 10 s. */
export function startProcess(name: string, command: string, args: string[], options: SpawnOptions & { logFile: string }): Started {
  const log = createWriteStream(options.logFile, { flags: "w" });
  const child = spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const killOnExit = () => signalGroup(child.pid, "SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    signalGroup(child.pid, "SIGTERM");
    const done = await Promise.race([exited(child).then(() => true), sleep(10_000).then(() => false)]);
    if (!done) signalGroup(child.pid, "SIGKILL");
    await exited(child);
    signalGroup(child.pid, "SIGKILL");
    process.off("exit", killOnExit);
    log.end();
  };
  return { name, child, logFile: options.logFile, stop };
}

/** Polls `check` until it is true; fails with the process's log when it exits or `timeoutMs` passes. */
export async function waitFor(started: Started | null, what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const child = started?.child;
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${started.name} exited (${child.exitCode ?? child.signalCode}) before ${what}; log ${started.logFile}:\n${await tail(started.logFile)}`);
    }
    if (await check().catch(() => false)) return;
    await sleep(300);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s${started ? `; log ${started.logFile}:\n${await tail(started.logFile)}` : ""}`);
}
