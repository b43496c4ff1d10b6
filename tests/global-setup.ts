/** Once per run: with Postgres, apply migrations once (PGlite in-memory databases are migrated per file). */
export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const { runMigrations } = await import("../db/migrate");
  const { closeDb } = await import("../db/client");
  await runMigrations();
  await closeDb();
}
