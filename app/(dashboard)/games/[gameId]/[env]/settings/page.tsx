import { GameSettingsPage } from "@/components/dashboard/settings/game-settings-page";
import { currentStaff } from "@/server/auth/current-staff";
import { hasRole } from "@/server/auth/roles";
import { parseGameParams } from "../params";

export const metadata = { title: "Keys & settings · Gamecoin" };

export default async function SettingsPage({ params }: { params: Promise<{ gameId: string; env: string }> }) {
  const { gameId, env } = parseGameParams(await params);
  const staff = await currentStaff();
  return (
    <GameSettingsPage
      gameId={gameId}
      env={env}
      canEdit={!!staff && hasRole(staff.role, "developer")}
      canManagePayments={!!staff && hasRole(staff.role, "admin")}
    />
  );
}
