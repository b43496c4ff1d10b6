import { and, count, eq } from "drizzle-orm";
import type { Db } from "../client";
import { webhookEndpoints, type Environment } from "../schema";
import type { FixtureEnvironment } from "../fixture-schema";
import { newId } from "@/server/lib/ids";
import { newSecret } from "@/server/lib/secrets";

export type GeneratedWebhookSecret = { url: string; signingSecret: string };

function sameEvents(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((event, i) => event === b[i]);
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
      const signingSecret = hook.signingSecret ?? current.signingSecret;
      const unchanged =
        sameEvents(current.events, hook.events) && current.active === hook.active && current.signingSecret === signingSecret;
      if (!unchanged) {
        await tx
          .update(webhookEndpoints)
          .set({ events: hook.events, active: hook.active, signingSecret, updatedAt: now })
          .where(eq(webhookEndpoints.id, current.id));
      }
      continue;
    }
    const signingSecret = hook.signingSecret ?? newSecret("whsec_svc_");
    if (hook.signingSecret === undefined) generated.push({ url: hook.url, signingSecret });
    await tx.insert(webhookEndpoints).values({
      id: newId(),
      gameId,
      env,
      url: hook.url,
      events: hook.events,
      signingSecret,
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
