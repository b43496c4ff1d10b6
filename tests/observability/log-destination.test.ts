/**
 * The production destination of log lines (server/observability/logger.ts): lines are gathered and
 * written 16 KiB at a time, so what it must guarantee is that none is lost or late. Lines pending when
 * the process exits are written before it ends; a quiet process's line shows within the 250 ms flush,
 * not when 16 KiB have gathered. Run in a child process with a pipe as stdout, as a process manager has.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WRITER = "tests/observability/support/log-writer.ts";

/** The lines read from stdout, and how long after the writer logged them (its mark on stderr) the first arrived. */
type Received = { lines: { line: number; msg: string; level: string; player: string }[]; firstLineAfterMs: number | null; code: number | null };

function runWriter(lines: number, then: "exit" | "stay"): Promise<Received> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", WRITER, String(lines), then], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", LOG_LEVEL: "info", AUTH_SECRET: "log-destination-test-secret-0123456789abcdef" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let loggedAt: number | null = null;
    let firstLineAfterMs: number | null = null;
    let stdout = "";
    let stderr = "";
    // Decoded across reads: a character's bytes may straddle two of them.
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      stdout += chunk;
      if (firstLineAfterMs === null && loggedAt !== null && stdout.includes("log destination test")) firstLineAfterMs = performance.now() - loggedAt;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (loggedAt === null && stderr.includes("logged")) loggedAt = performance.now();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) {
        reject(new Error(`log writer exited ${code}: ${stderr}`));
        return;
      }
      const parsed = stdout
        .split("\n")
        .filter((text) => text.includes("log destination test"))
        .map((text) => JSON.parse(text) as Received["lines"][number]);
      resolve({ lines: parsed, firstLineAfterMs, code });
    });
  });
}

describe("log lines on stdout", () => {
  it("writes every pending line before an exit, in order (200 lines, about 20 KiB)", async () => {
    const received = await runWriter(200, "exit");
    expect(received.code).toBe(0);
    expect(received.lines.map((l) => l.line)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(received.lines[0]).toMatchObject({ level: "info", msg: "log destination test" });
    // Lines are handed over as UTF-8 bytes: a character of several bytes arrives whole, in every line.
    expect(received.lines.every((l) => l.player === "joueur-é-😀")).toBe(true);
  });

  it("shows a quiet process's one line within the periodic flush, long before the process ends", async () => {
    const received = await runWriter(1, "stay");
    expect(received.lines.map((l) => l.line)).toEqual([0]);
    // The child lives 1 s after its line: a line held until exit would arrive after the whole second.
    expect(received.firstLineAfterMs).not.toBeNull();
    expect(received.firstLineAfterMs ?? Infinity).toBeLessThan(700);
  });
});
