import postgres from "postgres";

/**
 * With Postgres, every test worker has a database of its own, named after the run's database
 * (DATABASE_URL) and the worker's pool id: files running at the same time never share rows.
 */
export function workerDatabaseUrl(baseUrl: string, workerId: number): string {
  const url = new URL(baseUrl);
  url.pathname = `/${workerDatabaseName(baseUrl, workerId)}`;
  return url.toString();
}

export function workerDatabaseName(baseUrl: string, workerId: number): string {
  return `${databaseName(baseUrl)}_w${workerId}`;
}

export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
  if (!name) throw new Error("DATABASE_URL names no database");
  return name;
}

/** The server's maintenance database: CREATE/DROP DATABASE cannot run connected to the template itself. */
export function maintenanceUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = "/postgres";
  return url.toString();
}

/** One statement on the maintenance database (a scratch database made or dropped), on a connection of its own. */
export async function runOnMaintenance(baseUrl: string, statement: string): Promise<void> {
  const admin = postgres(maintenanceUrl(baseUrl), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end({ timeout: 5 });
  }
}
