import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { assertUrlFree, checkedEndpointUrl, type EndpointWriteOptions } from "./create-endpoint";
import { findEndpoint } from "./find-endpoint";
import { lockGameEndpoints } from "./lock-game";
import { parseInput } from "./parse-input";
import { UpdateEndpointInput } from "./schemas";
import { storeSigningSecret } from "./signing-secret-store";
import { toEndpointView, type EndpointView } from "./views";

export type UpdateEndpointOptions = { endpointId: string; input: UpdateEndpointInput } & EndpointWriteOptions;

/**
 * Changes an endpoint's URL, events or active flag. Enabling a disabled endpoint clears its failure
 * streak and why/since when it was disabled, so it gets 50 fresh chances; its pending deliveries
 * resume. Disabling by hand records "staff" and the time. `loadingFixture` (fixture loader only) may
 * also replace the signing secret with the file's.
 */
export async function updateEndpoint(db: Db, scope: GameScope, { endpointId, input, ...options }: UpdateEndpointOptions): Promise<EndpointView> {
  const parsed = parseInput(UpdateEndpointInput, input);
  await findEndpoint(db, scope, { endpointId }); // NOT_FOUND before any DNS query
  const url = parsed.url === undefined ? undefined : await checkedEndpointUrl(parsed.url, scope.env, options);
  return db.transaction(async (tx) => {
    if (url !== undefined) await lockGameEndpoints(tx, scope.gameId);
    const current = await findEndpoint(tx, scope, { endpointId, forUpdate: true });
    if (url !== undefined) await assertUrlFree(tx, scope, { url, exceptId: current.id });
    const enabling = parsed.active === true && !current.active;
    const disabling = parsed.active === false && current.active;
    const now = clock.now();
    const signingSecret = options.loadingFixture?.signingSecret;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(parsed.events !== undefined ? { events: parsed.events } : {}),
        ...(parsed.active !== undefined ? { active: parsed.active } : {}),
        ...(enabling ? { consecutiveFailures: 0, disabledReason: null, disabledAt: null } : {}),
        ...(disabling ? { disabledReason: "staff" as const, disabledAt: now } : {}),
        ...(signingSecret !== undefined ? { signingSecret: storeSigningSecret(current.id, signingSecret) } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    if (!row) throw new AppError("INTERNAL_ERROR", "The endpoint changed under us.");
    return toEndpointView(row);
  });
}
