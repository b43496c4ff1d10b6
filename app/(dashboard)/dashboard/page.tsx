import { GamesHome } from "@/components/dashboard/games/games-home";
import { currentStaff } from "@/server/auth/current-staff";
import { hasRole } from "@/server/auth/roles";

export const metadata = { title: "Games · Gamecoin" };

export default async function DashboardHome() {
  const staff = await currentStaff();
  return (
    <main id="main-content" tabIndex={-1} className="focus:outline-none">
      <GamesHome canCreate={!!staff && hasRole(staff.role, "developer")} canManage={!!staff && hasRole(staff.role, "admin")} />
    </main>
  );
}
