import { DeliveryPage } from "@/components/dashboard/webhooks/delivery-page";
import { currentStaff } from "@/server/auth/current-staff";
import { hasRole } from "@/server/auth/roles";
import { parseGameParams } from "../../../params";

export const metadata = { title: "Webhook delivery · Gamecoin" };

export default async function DeliveryRoute({ params }: { params: Promise<{ gameId: string; env: string; deliveryId: string }> }) {
  const raw = await params;
  const { gameId, env } = parseGameParams(raw);
  const staff = await currentStaff();
  // Resending makes the game's servers receive a call: developer and up, as the webhooks router checks again.
  return <DeliveryPage gameId={gameId} env={env} deliveryId={raw.deliveryId} canEdit={!!staff && hasRole(staff.role, "developer")} />;
}
