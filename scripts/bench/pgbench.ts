/** pgbench (built-in tpcb-like script) as the yardstick for what this Postgres on this machine can do. */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

export function findPgbench(): string {
  try {
    const found = execFileSync("sh", ["-c", "command -v pgbench"], { encoding: "utf8" }).trim();
    if (found) return found;
  } catch {
    // not on PATH
  }
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = `${root}/${version}/bin/pgbench`;
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error("pgbench not found (install postgresql-client / postgresql-contrib)");
}

function run(binary: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${binary} ${args.join(" ")} exited with ${code}:\n${out.slice(-3000)}`));
    });
  });
}

export type PgbenchResult = {
  command: string;
  scale: number;
  clients: number;
  threads: number;
  durationSeconds: number;
  tps: number;
  latencyAverageMs: number | null;
  transactions: number | null;
  failed: number | null;
  output: string;
};

export function parsePgbench(output: string): { tps: number; latencyAverageMs: number | null; transactions: number | null; failed: number | null } {
  // "tps = 1234.567890 (without initial connection time)"
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!tps?.[1]) throw new Error(`No "tps = … (without initial connection time)" line in pgbench output:\n${output}`);
  const latency = /latency average = ([\d.]+) ms/.exec(output);
  const processed = /number of transactions actually processed: (\d+)/.exec(output);
  const failed = /number of failed transactions: (\d+)/.exec(output);
  return {
    tps: Number(tps[1]),
    latencyAverageMs: latency?.[1] ? Number(latency[1]) : null,
    transactions: processed?.[1] ? Number(processed[1]) : null,
    failed: failed?.[1] ? Number(failed[1]) : null,
  };
}

/** `pgbench -i -s <scale>` then `pgbench -M prepared -c <clients> -j <threads> -T <seconds>` on `url`. */
export async function runPgbench(
  url: string,
  options: { scale: number; clients: number; threads: number; durationSeconds: number },
  hooks: { beforeRun?: () => Promise<void>; afterRun?: () => void } = {},
): Promise<PgbenchResult> {
  const binary = findPgbench();
  await run(binary, ["-i", "-q", "-s", String(options.scale), url]);
  const args = ["-M", "prepared", "-c", String(options.clients), "-j", String(options.threads), "-T", String(options.durationSeconds), url];
  await hooks.beforeRun?.();
  const output = await run(binary, args);
  hooks.afterRun?.();
  return {
    command: `pgbench ${args.slice(0, -1).join(" ")} <db>`,
    scale: options.scale,
    clients: options.clients,
    threads: options.threads,
    durationSeconds: options.durationSeconds,
    ...parsePgbench(output),
    output,
  };
}
