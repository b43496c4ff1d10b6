import { GiftCodesPage } from "@/components/dashboard/gift-codes/gift-codes-page";
import { currentStaff } from "@/server/auth/current-staff";
import { hasRole } from "@/server/auth/roles";
import { parseGameParams } from "../params";

export const metadata = { title: "Gift codes · Gamecoin" };

export default async function GiftCodesRoute({ params }: { params: Promise<{ gameId: string; env: string }> }) {
  const { gameId, env } = parseGameParams(await params);
  const staff = await currentStaff();
  // Gift codes are free coins: issuing and disabling need support, as in the giftCodes router.
  return <GiftCodesPage gameId={gameId} env={env} canEdit={!!staff && hasRole(staff.role, "support")} />;
}
