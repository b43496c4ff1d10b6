/** A throwaway Postgres database for one ops test file: created empty, seeded through `npm run seed`, dropped. */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

const ROOT_DIR = fileURLToPath(new URL("../../../..", import.meta.url));
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type OpsDatabase = {
  url: string;
  /** A small pool of its own, for reading what the instances wrote (never the app's pool). */
  sql: postgres.Sql;
  drop: () => Promise<void>;
};

async function admin(statement: string): Promise<void> {
  const sql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** `gamecoin_ops_<label>_<time>_<pid>`, so parallel runs and other helpers' databases never meet. */
export async function createDatabase(label: string): Promise<OpsDatabase> {
  const name = `gamecoin_ops_${label}_${Date.now()}_${process.pid}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
  return {
    url: url.toString(),
    sql,
    drop: async () => {
      await sql.end({ timeout: 5 });
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** `npm run seed -- <file>` with the fixture written to a temporary file: migrations, then the upsert. */
export async function seed(databaseUrl: string, fixture: unknown, env: Record<string, string>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "gamecoin-ops-"));
  const file = path.join(dir, "fixture.json");
  try {
    await writeFile(file, JSON.stringify(fixture, null, 2));
    await new Promise<void>((resolve, reject) => {
      const child = spawn("npm", ["run", "--silent", "seed", "--", file], {
        cwd: ROOT_DIR,
        env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm run seed failed (exit ${code}):\n${output}`))));
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
