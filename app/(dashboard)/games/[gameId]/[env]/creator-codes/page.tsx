import { CreatorCodesPage } from "@/components/dashboard/creator-codes/creator-codes-page";
import { currentStaff } from "@/server/auth/current-staff";
import { hasRole } from "@/server/auth/roles";
import { clock } from "@/server/lib/clock";
import { dayOf, lastDays } from "@/server/revenue/period";
import { parseGameParams } from "../params";

export const metadata = { title: "Creator codes · Gamecoin" };

export default async function CreatorCodesRoute({ params }: { params: Promise<{ gameId: string; env: string }> }) {
  const { gameId, env } = parseGameParams(await params);
  const staff = await currentStaff();
  const now = clock.now();
  // Writes need developer, as in the creatorCodes router (which checks again).
  return <CreatorCodesPage gameId={gameId} env={env} canEdit={!!staff && hasRole(staff.role, "developer")} defaultPeriod={lastDays(now, 30)} today={dayOf(now)} />;
}
