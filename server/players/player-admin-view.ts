import "server-only";
import { toPlayerView, type PlayerRow, type PlayerView } from "./player-view";

/**
 * A player as the studio's staff see it: the API's Player plus the e-mail addresses the studio holds
 * (never returned by the APIs, shown to staff so support can find and recognise the player).
 */
export type PlayerAdminView = PlayerView & { email: string | null; linkedEmail: string | null; updatedAt: string };

export function toPlayerAdminView(row: PlayerRow): PlayerAdminView {
  return { ...toPlayerView(row), email: row.email, linkedEmail: row.linkedEmail, updatedAt: row.updatedAt.toISOString() };
}
