/** A throwaway Postgres database per e2e run: created, seeded with the e2e fixture, dropped at the end. */
import { spawn } from "node:child_process";
import postgres from "postgres";
import { APP_SECRETS, FIXTURE_FILE, PG_ADMIN_URL, ROOT_DIR } from "./env";

export type E2eDatabase = { url: string; name: string | null; drop: () => Promise<void> };

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * `E2E_DATABASE_URL` names an existing database to use as is (never dropped); otherwise a new
 * `gamecoin_e2e_<timestamp>_<pid>` is created on the admin server and dropped by `drop()`.
 * With a `label` (a test's own extra database, e.g. an empty one) the database is always new:
 * `gamecoin_e2e_<label>_<timestamp>_<pid>`.
 */
export async function createE2eDatabase(options: { label?: string } = {}): Promise<E2eDatabase> {
  const given = process.env.E2E_DATABASE_URL;
  if (given && !options.label) return { url: given, name: null, drop: async () => {} };
  const name = `gamecoin_e2e_${options.label ? `${options.label}_` : ""}${Date.now()}_${process.pid}`;
  await admin((sql) => sql.unsafe(`CREATE DATABASE "${name}"`));
  return {
    url: withDatabase(PG_ADMIN_URL, name),
    name,
    drop: () => admin((sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** `npm run seed -- <fixture>` against the database (the project's own loader, migrations included), with the app's secrets. */
export async function seedDatabase(databaseUrl: string, fixtureFile = FIXTURE_FILE): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "seed", "--", fixtureFile], {
      cwd: ROOT_DIR,
      // The app's AUTH_SECRET: the seed seals the fixture's Stripe keys with it, the app opens them.
      env: { ...process.env, ...APP_SECRETS, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`npm run seed failed (exit ${code}):\n${output}`))));
  });
}
