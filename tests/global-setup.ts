import type { TestProject } from "vitest/node";
import { databaseName, maintenanceUrl, workerDatabaseName } from "./worker-databases";

/**
 * Once per run. With Postgres: migrate DATABASE_URL's database once, then copy it (CREATE DATABASE …
 * TEMPLATE, far faster than migrating again) into one database per worker; they are dropped at the end.
 * PGlite needs nothing here: each worker's in-memory database is its own and migrated per file.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return undefined;
  const { runMigrations, closeDb } = await import("../server/db/connection");
  await runMigrations();
  // The template must have no open connection while it is copied.
  await closeDb();

  const { default: postgres } = await import("postgres");
  const admin = postgres(maintenanceUrl(baseUrl), { max: 1, onnotice: () => {} });
  const workers = project.vitest.config.maxWorkers;
  const names = Array.from({ length: workers }, (_, i) => workerDatabaseName(baseUrl, i + 1));
  const dropAll = async () => {
    // FORCE: a worker killed on a timeout may leave a connection behind.
    for (const name of names) await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  await dropAll();
  for (const name of names) await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${databaseName(baseUrl)}"`);
  return async () => {
    await dropAll();
    await admin.end({ timeout: 5 });
  };
}
