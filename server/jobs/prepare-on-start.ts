import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DrizzleQueryError } from "drizzle-orm";
import { getDb, getHandle } from "@/server/db/connection";
import { runMigrations } from "@/server/db/connection";
import { isDatabaseEmpty, loadFixture } from "@/server/fixtures/load-fixture";
import { config } from "@/server/lib/config";
import { resealSigningSecrets } from "@/server/webhooks/reseal-signing-secrets";
import { resealStripeKeys } from "@/server/payments/reseal-stripe-keys";
import { resealStoreSecrets } from "@/server/stores/settings/reseal-store-secrets";
import { childLogger } from "@/server/observability/logger";
import { readDatabaseSettings, unsafeDatabaseSettings } from "@/server/runtime/database-settings";
import { redisPersistence } from "@/server/lib/rate-limit";
import { ensurePartitions } from "@/server/idempotency/partitions";
import { clock } from "@/server/lib/clock";

const log = childLogger({ module: "start" });

const DEMO_FIXTURE = path.resolve(process.cwd(), "db/fixtures/demo.json");

/**
 * Webhook signing secrets under the current AUTH_SECRET: rows stored in plain text before sealing,
 * or sealed under a previous secret (after a rotation). Not fatal: a row not sealed yet still signs.
 */
async function resealOnStart(): Promise<void> {
  try {
    const { resealed, unreadable } = await resealSigningSecrets(await getDb());
    if (resealed > 0) log.info({ resealed }, "webhook signing secrets sealed under the current AUTH_SECRET");
    if (unreadable > 0) {
      log.error(
        { unreadable },
        "webhook signing secrets open with no configured secret: add the secret they were sealed with to AUTH_SECRET_PREVIOUS, or rotate them in the dashboard",
      );
    }
  } catch (error) {
    // SECURITY: a failed query's message lists its parameters, the secrets among them: only its cause.
    const reason = error instanceof DrizzleQueryError ? String(error.cause) : String(error);
    log.error({ reason }, "webhook signing secrets were not sealed on start; the next start tries again");
  }
  try {
    const { resealed, unreadable } = await resealStripeKeys(await getDb());
    if (resealed > 0) log.info({ resealed }, "Stripe keys sealed under the current AUTH_SECRET");
    if (unreadable > 0) {
      log.error(
        { unreadable },
        "Stripe keys open with no configured secret: add the secret they were sealed with to AUTH_SECRET_PREVIOUS, or enter them again in Keys & settings → Payments",
      );
    }
  } catch (error) {
    const reason = error instanceof DrizzleQueryError ? String(error.cause) : String(error);
    log.error({ reason }, "Stripe keys were not sealed on start; the next start tries again");
  }
  try {
    const { resealed, unreadable } = await resealStoreSecrets(await getDb());
    if (resealed > 0) log.info({ resealed }, "App Store and Google Play keys sealed under the current AUTH_SECRET");
    if (unreadable > 0) {
      log.error(
        { unreadable },
        "App Store or Google Play keys open with no configured secret: add the secret they were sealed with to AUTH_SECRET_PREVIOUS, or enter them again in Keys & settings → Stores",
      );
    }
  } catch (error) {
    const reason = error instanceof DrizzleQueryError ? String(error.cause) : String(error);
    log.error({ reason }, "store keys were not sealed on start; the next start tries again");
  }
}

/**
 * The idempotency records' days ahead, before the first request (the hourly cleanup keeps a week
 * ahead; a start after a long stop would otherwise write into the default partition until then).
 */
async function ensureIdempotencyDays(): Promise<void> {
  try {
    const created = await ensurePartitions(await getDb(), clock.nowMs());
    if (created.length > 0) log.info({ created }, "idempotency record partitions made");
  } catch (error) {
    log.warn({ reason: String(error) }, "idempotency record partitions were not made on start; the cleanup job tries again");
  }
}

/** Postgres settings that put money or speed at risk, said once per start (production only). */
async function warnAboutDatabaseSettings(): Promise<void> {
  try {
    for (const problem of unsafeDatabaseSettings(await readDatabaseSettings(await getDb()))) {
      log.warn(problem, `Postgres runs with ${problem.setting} = ${problem.value}: ${problem.why} (docs/deploy.md, "Settings")`);
    }
  } catch (error) {
    log.warn({ reason: String(error) }, "Postgres settings were not checked on start");
  }
}

/** A Redis that writes nothing to disk forgets every lockout and code try when it restarts (docs/security.md). */
async function warnAboutRedisPersistence(): Promise<void> {
  const persistence = await redisPersistence();
  if (persistence && persistence.appendonly !== "yes" && persistence.save.trim() === "") {
    log.warn(
      { setting: "appendonly/save", value: "no/\"\"" },
      'Redis keeps nothing on disk (appendonly no, save ""): a Redis restart resets e-mail code tries and sign-in lockouts; turn on appendonly (docs/deploy.md, "Redis")',
    );
  }
}

/**
 * Migrations run on start in development, with the embedded database, or with MIGRATE_ON_START=1.
 * Then webhook signing secrets and Stripe keys are sealed under the current AUTH_SECRET.
 * In development an empty database gets the demo fixture, and its test keys are printed.
 */
export async function prepareOnStart(): Promise<void> {
  const { NODE_ENV, MIGRATE_ON_START } = config();
  const handle = await getHandle();
  const development = NODE_ENV !== "production";
  if (development || handle.kind === "pglite" || MIGRATE_ON_START === "1") await runMigrations();
  await ensureIdempotencyDays();
  await resealOnStart();
  if (!development) {
    if (handle.kind === "postgres") await warnAboutDatabaseSettings();
    await warnAboutRedisPersistence();
    return;
  }
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
  // Straight to the developer's terminal, not through the logger: the JSON log may be shipped
  // elsewhere and never carries keys, while these demo test keys are meant to be copied from here.
  process.stdout.write(`${lines.join("\n")}\n`);
}
