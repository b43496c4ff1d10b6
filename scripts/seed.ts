/**
 * `npm run seed -- <file.json>`: applies migrations, then upserts the fixture (docs/fixtures.md).
 * Keys and secrets given in the file or generated now are printed; generated ones are never shown again.
 */
import { readFile } from "node:fs/promises";
import { closeDb, getDb } from "@/server/db/connection";
import { runMigrations } from "@/server/db/connection";
import { loadFixture, type LoadResult } from "@/server/fixtures/load-fixture";

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function readFixture(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new Error(`Cannot read ${file}: ${errorMessage(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${errorMessage(error)}`);
  }
}

function report(file: string, result: LoadResult): string[] {
  const lines = [`Loaded ${file} for studio "${result.studio}".`];
  for (const entry of result.games) {
    lines.push(`${entry.slug} (${entry.env})`);
    const keys = [
      ["secret key", "secretKey"],
      ["publishable key", "publishableKey"],
    ] as const;
    let printed = false;
    for (const [label, field] of keys) {
      const key = entry[field];
      if (key === undefined) continue;
      const origin = entry.generated.includes(field) ? "generated, shown only now" : "from the file";
      lines.push(`  ${label} (${origin}): ${key}`);
      printed = true;
    }
    for (const hook of entry.generatedWebhookSecrets) {
      lines.push(`  webhook signing secret for ${hook.url} (generated, shown only now): ${hook.signingSecret}`);
      printed = true;
    }
    if (entry.generatedGooglePlayNotificationUrl) {
      lines.push(`  Google Play notification push URL (token generated, shown only now): ${entry.generatedGooglePlayNotificationUrl}`);
      printed = true;
    }
    if (!printed) lines.push("  keys unchanged (the stored keys are kept)");
  }
  return lines;
}

async function main(): Promise<number> {
  const file = process.argv.slice(2).find((arg) => arg !== "--");
  if (!file) {
    console.error("Usage: npm run seed -- <file.json>");
    return 1;
  }
  try {
    // Read before touching the database, so a wrong path or bad JSON fails at once.
    const fixture = await readFixture(file);
    await runMigrations();
    const result = await loadFixture(await getDb(), fixture);
    console.log(report(file, result).join("\n"));
    return 0;
  } catch (error) {
    console.error(errorMessage(error));
    return 1;
  } finally {
    await closeDb();
  }
}

// process.exit: an idle pool or embedded database must not keep the command alive.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(errorMessage(error));
    process.exit(1);
  },
);
