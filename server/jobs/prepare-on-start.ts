import { readFile } from "node:fs/promises";
import path from "node:path";
import { getDb, getHandle } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { isDatabaseEmpty, loadFixture } from "@/db/seed";
import { config } from "@/server/lib/config";

const DEMO_FIXTURE = path.resolve(process.cwd(), "db/fixtures/demo.json");

/**
 * Migrations run on start in development, with the embedded database, or with MIGRATE_ON_START=1.
 * In development an empty database gets the demo fixture, and its test keys are printed.
 */
export async function prepareOnStart(): Promise<void> {
  const { NODE_ENV, MIGRATE_ON_START } = config();
  const handle = await getHandle();
  const development = NODE_ENV !== "production";
  if (development || handle.kind === "pglite" || MIGRATE_ON_START === "1") await runMigrations();
  if (!development) return;
  const db = await getDb();
  if (!(await isDatabaseEmpty(db))) return;
  const fixture: unknown = JSON.parse(await readFile(DEMO_FIXTURE, "utf8"));
  const result = await loadFixture(db, fixture);
  const lines = ["", "Gamecoin demo data loaded (db/fixtures/demo.json). Test keys:"];
  for (const game of result.games) {
    if (game.env !== "test") continue;
    if (game.secretKey) lines.push(`  secret key       ${game.secretKey}`);
    if (game.publishableKey) lines.push(`  publishable key  ${game.publishableKey}`);
  }
  lines.push(`  API base         ${config().publicUrl}/api/v1`, "");
  console.log(lines.join("\n"));
}
