import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { games, staff, studios, type Environment, type StaffRole } from "@/db/schema";
import { endpointDisabledMail } from "@/server/email/endpoint-disabled-mail";
import { queueMail } from "@/server/email/mail-outbox";
import { config } from "@/server/lib/config";
import { childLogger } from "@/server/observability/logger";

const log = childLogger({ module: "webhooks" });

/** Who can act on a disabled endpoint (re-enable it, fix the receiver); viewers and support cannot. */
export const NOTIFIED_ROLES: StaffRole[] = ["developer", "admin", "owner"];

export type DisabledEndpoint = { id: string; gameId: string; env: Environment; url: string; failures: number; disabledAt: Date };

/**
 * Queues a mail to each of the studio's developers, admins and owners (one message each, so no one
 * sees the others' addresses), in the transaction that disables the endpoint (pass it): once per
 * automatic disable, and never for one that rolled back. Never throws: the mails are written in a
 * savepoint, so a failure here is logged and the disable still commits.
 */
export async function notifyEndpointDisabled(tx: Db, endpoint: DisabledEndpoint): Promise<void> {
  try {
    await tx.transaction((savepoint) => queueDisabledMails(savepoint, endpoint));
  } catch (error) {
    log.error({ endpointId: endpoint.id, err: error }, "mailing about a disabled endpoint failed");
  }
}

async function queueDisabledMails(db: Db, endpoint: DisabledEndpoint): Promise<void> {
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
  for (const recipient of recipients) {
    const mail = endpointDisabledMail({
      to: recipient.email,
      gameName: game.name,
      env: endpoint.env,
      url: endpoint.url,
      failures: endpoint.failures,
      disabledAt: endpoint.disabledAt,
      timeZone: game.timeZone,
      link,
    });
    await queueMail(db, mail);
  }
}
