import { PlayerPage } from "@/components/dashboard/players/player-page";
import { currentStaff } from "@/server/auth/current-staff";
import { hasRole } from "@/server/auth/roles";
import { parseGameParams } from "../../params";

export const metadata = { title: "Player · Gamecoin" };

/** Block/unblock and adjustments only for support and above; the server checks the role again. */
export default async function Page({ params }: { params: Promise<{ gameId: string; env: string; playerId: string }> }) {
  const resolved = await params;
  const { gameId, env } = parseGameParams(resolved);
  const staff = await currentStaff();
  return <PlayerPage gameId={gameId} env={env} playerId={resolved.playerId} canSupport={!!staff && hasRole(staff.role, "support")} />;
}
