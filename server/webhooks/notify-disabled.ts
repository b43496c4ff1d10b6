import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, staff, studios, type Environment, type StaffRole } from "@/db/schema";
import { endpointDisabledMail } from "@/server/email/endpoint-disabled-mail";
import { sendMail } from "@/server/email/send-mail";
import { config } from "@/server/lib/config";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "webhooks" });

/** Who can act on a disabled endpoint (re-enable it, fix the receiver); viewers and support cannot. */
export const NOTIFIED_ROLES: StaffRole[] = ["developer", "admin", "owner"];

export type DisabledEndpoint = { id: string; gameId: string; env: Environment; url: string; failures: number; disabledAt: Date };

/**
 * Mails each of the studio's developers, admins and owners (one message each, so no one sees the
 * others' addresses). Called once per automatic disable, after its transaction committed. Never
 * throws: the delivery job must go on whatever the mail server does.
 */
export async function notifyEndpointDisabled(db: Db, endpoint: DisabledEndpoint): Promise<void> {
  try {
    const [game] = await db
      .select({ name: games.name, studioId: games.studioId, timeZone: studios.timeZone })
      .from(games)
      .innerJoin(studios, eq(studios.id, games.studioId))
      .where(eq(games.id, endpoint.gameId));
    if (!game) return;
    const recipients = await db
      .select({ email: staff.email })
      .from(staff)
      .where(and(eq(staff.studioId, game.studioId), inArray(staff.role, NOTIFIED_ROLES)));
    const link = `${config().publicUrl}/games/${encodeURIComponent(endpoint.gameId)}/${endpoint.env}/webhooks`;
    await Promise.all(
      recipients.map((r) =>
        sendMail(
          endpointDisabledMail({
            to: r.email,
            gameName: game.name,
            env: endpoint.env,
            url: endpoint.url,
            failures: endpoint.failures,
            disabledAt: endpoint.disabledAt,
            timeZone: game.timeZone,
            link,
          }),
        ),
      ),
    );
  } catch (error) {
    log.error({ endpointId: endpoint.id, err: error }, "mailing about a disabled endpoint failed");
  }
}
