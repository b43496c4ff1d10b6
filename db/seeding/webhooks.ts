import { and, count, eq } from "drizzle-orm";
import type { Db } from "../client";
import { webhookEndpoints, type Environment } from "../schema";
import type { FixtureEnvironment } from "../fixture-schema";
import { newId } from "@/server/lib/ids";
import { newSecret } from "@/server/lib/secrets";
import { openSigningSecret, signingSecretNeedsSealing, storeSigningSecret } from "@/server/webhooks/signing-secret-store";

export type GeneratedWebhookSecret = { url: string; signingSecret: string };

function sameEvents(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((event, i) => event === b[i]);
}

/**
 * The column value to write, or null to leave the row's as it is. The fixture's secret is compared in
 * clear (each sealing differs), so a second run writes nothing; a stored plain or old-key value is sealed.
 */
function secretToWrite(row: { id: string; signingSecret: string }, fromFixture: string | undefined): string | null {
  const current = openSigningSecret(row.id, row.signingSecret);
  const wanted = fromFixture ?? current;
  if (wanted === null) return null;
  if (wanted === current && !signingSecretNeedsSealing(row.signingSecret)) return null;
  return storeSigningSecret(row.id, wanted);
}

/**
 * Upserts by URL within the game and environment. An omitted signing secret keeps the stored one, or is
 * generated for a new endpoint and returned so the seed command prints it once.
 */
export async function upsertWebhooks(
  tx: Db,
  gameId: string,
  env: Environment,
  hooks: FixtureEnvironment["webhooks"],
  now: Date,
): Promise<GeneratedWebhookSecret[]> {
  if (hooks.length === 0) return [];
  const existing = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.gameId, gameId), eq(webhookEndpoints.env, env)));
  const byUrl = new Map(existing.map((row) => [row.url, row]));
  const generated: GeneratedWebhookSecret[] = [];
  for (const hook of hooks) {
    const current = byUrl.get(hook.url);
    if (current) {
      const sealed = secretToWrite(current, hook.signingSecret);
      const unchanged = sameEvents(current.events, hook.events) && current.active === hook.active && sealed === null;
      if (!unchanged) {
        await tx
          .update(webhookEndpoints)
          .set({ events: hook.events, active: hook.active, signingSecret: sealed ?? current.signingSecret, updatedAt: now })
          .where(eq(webhookEndpoints.id, current.id));
      }
      continue;
    }
    const id = newId();
    const signingSecret = hook.signingSecret ?? newSecret("whsec_svc_");
    if (hook.signingSecret === undefined) generated.push({ url: hook.url, signingSecret });
    await tx.insert(webhookEndpoints).values({
      id,
      gameId,
      env,
      url: hook.url,
      events: hook.events,
      signingSecret: storeSigningSecret(id, signingSecret),
      active: hook.active,
      createdAt: now,
      updatedAt: now,
    });
  }
  return generated;
}

/** Endpoints of the game in both environments, including those added in the dashboard. */
export async function countWebhooks(tx: Db, gameId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.gameId, gameId));
  return row?.n ?? 0;
}
